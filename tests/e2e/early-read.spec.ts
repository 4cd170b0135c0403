// The swap page's first status read leaves with the HTML, not after the page's scripts: on a slow
// phone the deposit details arrive a second or more sooner. It is still one read of the key's
// budget: the page's code takes that answer in place of its own first read.
import { createSwapThroughApi, expect, readCounter, test } from "./fixtures";

for (const [where, pathOf] of [
  ["the swap page", (id: string, token: string) => `/swap/${id}#t=${token}`],
  ["the widget's swap page", (id: string, token: string) => `/widget/swap/${id}?theme=dark#t=${token}`],
] as const) {
  test(`${where}: the status read starts before any of the page's scripts or its stylesheet has arrived, and the page reads once`, async ({
    page,
    request,
    baseURL,
  }) => {
    const created = await createSwapThroughApi(request, baseURL!);
    const counter = readCounter(page, created.id);
    // Every script and stylesheet of the page waits until the status read has been sent.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    let scriptsAsked = 0;
    await page.route(/\/_next\/static\/.*\.(js|css)$/, async (route) => {
      scriptsAsked++;
      await scriptsHeld;
      await route.continue();
    });
    const statusRead = page.waitForRequest(
      (r) => r.method() === "GET" && new URL(r.url()).pathname === `/api/v1/swap/${created.id}`,
    );
    await page.goto(pathOf(created.id, created.token), { waitUntil: "commit" });
    const read = await statusRead;
    expect(read.headers()["x-swap-token"]).toBe(created.token);
    expect(scriptsAsked, "the page's scripts and stylesheet were asked for, and held").toBeGreaterThan(0);
    release();

    await expect(page.getByTestId("deposit-address")).toBeVisible();
    await expect(page.getByTestId("swap-status")).toHaveAttribute("data-status", "waiting_deposit");
    await counter.settle();
    expect(counter.reads(), "the early read is the page's first read, not one more").toBe(1);
  });
}

test("a link whose token is of the wrong shape sends nothing early, and a wrong token still says 'Swap not found'", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  const counter = readCounter(page, created.id);
  await page.goto(`/swap/${created.id}#t=short`);
  await expect(page.getByRole("heading", { name: "This link is incomplete" })).toBeVisible();
  await counter.settle();
  expect(counter.reads(), "a malformed token is never sent").toBe(0);

  const last = created.token.at(-1) === "A" ? "B" : "A";
  await page.goto("about:blank");
  await page.goto(`/swap/${created.id}#t=${created.token.slice(0, -1)}${last}`);
  await expect(page.getByRole("heading", { level: 1, name: "Swap not found" })).toBeVisible();
  await counter.settle();
  expect(counter.reads(), "one read for the wrong token's page load: the early one, taken by the page").toBe(1);
});
