// The swap page's link is the user's only way back: it survives a reload, works in another browser,
// and says clearly when it is cut short or wrong.
import type { Swap } from "@/lib/schema/partner";
import { createSwapThroughApi, expect, test } from "./fixtures";
import { SwapPage } from "./pages/swap-page";

const FORGED_DEPOSIT_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
/** A message to post on a swap's channel, with no proof, a wrong one, the token itself, or the real proof. */
type Message = { swap: Swap; proof: "none" | "wrong" | "token" | "real" };

test("reloading the swap page keeps the swap and its deposit instructions", async ({
  page,
  request,
  baseURL,
  swapPage,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  await swapPage.goto(created.path);
  await swapPage.expectStatus("waiting_deposit", "Waiting for your deposit");
  const address = await swapPage.depositAddress.textContent();
  // Hours left: no hurry is suggested.
  await expect(page.getByTestId("deposit-closing")).toHaveCount(0);

  await page.reload();
  await swapPage.expectStatus("waiting_deposit", "Waiting for your deposit");
  await expect(swapPage.depositAddress).toHaveText(address ?? "");
  await expect(swapPage.swapIdValue()).toHaveText(created.id);
  // Still live after the reload: the sandbox panel works.
  await swapPage.simulateDeposit();
  await swapPage.expectStatus("deposit_detected", "Deposit detected");
});

test("the same link opened in another browser shows the same swap", async ({ browser, request, baseURL, swapPage }) => {
  const created = await createSwapThroughApi(request, baseURL!);
  await swapPage.goto(created.path);
  const address = await swapPage.depositAddress.textContent();

  const other = await browser.newContext({ baseURL });
  try {
    const shared = new SwapPage(await other.newPage());
    await shared.goto(created.path);
    await shared.expectStatus("waiting_deposit", "Waiting for your deposit");
    await expect(shared.swapIdValue()).toHaveText(created.id);
    await expect(shared.depositAddress).toHaveText(address ?? "");
  } finally {
    await other.close();
  }
});

test("the link without its #t= part says 'This link is incomplete'", async ({ page, request, baseURL }) => {
  const created = await createSwapThroughApi(request, baseURL!);
  await page.goto(`/swap/${created.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "This link is incomplete" })).toBeVisible();
  await expect(page.getByText("The swap link has a private part after the # sign.")).toBeVisible();
  await expect(page.getByTestId("deposit-address")).toHaveCount(0);
  // A next step: the start page, where this browser's swaps are listed with their full links.
  await expect(page.getByText("Swaps started in this browser are listed on the start page")).toBeVisible();
  await page.getByRole("link", { name: "Go to the start page" }).click();
  // The start page then writes its pair into the address (?from=…&to=…): only the path is checked.
  await expect.poll(() => new URL(page.url()).pathname).toBe("/");
});

test("a link with a wrong token says 'Swap not found' and shows nothing of the swap", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  const last = created.token.at(-1) === "A" ? "B" : "A";
  const wrong = `${created.token.slice(0, -1)}${last}`;
  await page.goto(`/swap/${created.id}#t=${wrong}`);
  await expect(page.getByRole("heading", { level: 1, name: "Swap not found" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "We could not find this swap. Check that you opened the full link you were given.",
  );
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  await expect(page.getByTestId("deposit-address")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go to the start page" })).toHaveAttribute("href", "/");
});

test("a check that does not get through is said in the status line at the top too, and the line clears when one does", async ({
  page,
  openNewSwap,
  swapPage,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const created = await openNewSwap();
  const line = page.getByTestId("live-status");
  await expect(line).toContainText(/^Waiting for your deposit · checked \d+ s ago$/);
  await page.route(`**/api/v1/swap/${created.id}`, (route) => route.abort("internetdisconnected"));
  await swapPage.checkNow.click();
  await expect(line).toContainText("not reaching the server, retrying", { timeout: 15_000 });
  await page.unroute(`**/api/v1/swap/${created.id}`);
  await swapPage.checkNow.click();
  await expect(line).not.toContainText("not reaching the server");
});

test("the link without its #t= part opens the swap in the browser that already holds it, and puts the whole link back; elsewhere it stays incomplete", async ({
  page,
  browser,
  request,
  baseURL,
  swapPage,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  await swapPage.goto(created.path);
  await swapPage.expectStatus("waiting_deposit");

  await page.goto(`/swap/${created.id}`);
  await swapPage.expectStatus("waiting_deposit");
  await expect(page).toHaveURL(new RegExp(`/swap/${created.id}#t=${created.token}$`));

  const elsewhere = await browser.newPage();
  await elsewhere.goto(`${baseURL}/swap/${created.id}`);
  await expect(elsewhere.getByRole("heading", { name: "This link is incomplete" })).toBeVisible();
  await elsewhere.close();
});

test("the same swap open in two tabs: a deposit simulated in one shows in the other at once, not at its next poll", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  const first = new SwapPage(page);
  await first.goto(created.path);
  await first.expectStatus("waiting_deposit");
  const secondTab = await context.newPage();
  const second = new SwapPage(secondTab);
  await second.goto(created.path);
  await second.expectStatus("waiting_deposit");
  // A keyboard user in the second tab was on the deposit address's copy button.
  await second.copyAddress.focus();

  await first.simulateDeposit();
  await first.expectStatus("deposit_detected");
  // Well inside the 30 s poll, with no "Check now" in the second tab.
  await expect(second.status).toHaveAttribute("data-status", "deposit_detected", { timeout: 3_000 });
  // The button went with the deposit instructions: focus is on the news, not lost to the page's top.
  await expect(second.copyAddress).toHaveCount(0);
  await expect(second.statusHeading).toBeFocused();
  await secondTab.close();
});

test("a message another page posts on the tabs' channel changes nothing shown without proof of the swap's token, and never the deposit address", async ({
  page,
  context,
  request,
  baseURL,
  swapPage,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  await swapPage.goto(created.path);
  await swapPage.expectStatus("waiting_deposit");
  const address = (await swapPage.depositAddress.textContent())!;
  // The swap as the BFF answers it, with someone else's deposit address.
  const real = (await (
    await request.get(`${baseURL}/api/v1/swap/${created.id}`, { headers: { "x-swap-token": created.token } })
  ).json()) as Swap;
  const forged: Swap = { ...real, deposit: { ...real.deposit, address: FORGED_DEPOSIT_ADDRESS } };

  // Any page of the origin can post on the channel.
  const other = await context.newPage();
  await other.goto("/api/health");
  const post = (messages: Message[]) =>
    other.evaluate(
      async ({ id, token, messages }) => {
        const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`swap-status\n${id}\n${token}`));
        const proof = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
        const channel = new BroadcastChannel(`swap-status:${id}`);
        for (const { swap, proof: claimed } of messages) {
          const snapshot = { swap, checkedAt: Date.now() + 5_000, clockOffset: 0 };
          channel.postMessage(
            claimed === "none"
              ? snapshot
              : { snapshot, proof: claimed === "real" ? proof : claimed === "token" ? token : "0".repeat(64) },
          );
        }
        channel.close();
      },
      { id: created.id, token: created.token, messages },
    );

  // Every deposit address the page shows from here on, however briefly (a poll would put the real
  // one back within seconds).
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { depositAddressesSeen: seen });
    new MutationObserver(() => {
      const shown = document.querySelector("[data-testid=deposit-address]")?.textContent;
      if (shown && shown !== seen.at(-1)) seen.push(shown);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const addressesSeen = () =>
    page.evaluate(() => (window as unknown as { depositAddressesSeen: string[] }).depositAddressesSeen);

  // A bare snapshot (what tabs sent each other before), a wrong proof, the token in its place, and
  // even the right proof: the deposit address stays.
  await post([
    { swap: forged, proof: "none" },
    { swap: forged, proof: "wrong" },
    { swap: forged, proof: "token" },
    { swap: forged, proof: "real" },
  ]);
  await page.waitForTimeout(1_000);
  expect(await addressesSeen()).not.toContain(FORGED_DEPOSIT_ADDRESS);
  expect(await swapPage.depositAddress.textContent()).toBe(address);
  await expect(swapPage.status).toHaveAttribute("data-status", "waiting_deposit");

  // The channel still works for a tab that holds the token: its news is shown at once.
  await post([{ swap: { ...real, status: "deposit_detected" }, proof: "real" }]);
  await expect(swapPage.status).toHaveAttribute("data-status", "deposit_detected", { timeout: 3_000 });
  await other.close();
});

test("a swap link retyped in small letters opens the swap; an address with no swap behind it says what to check, with the site's header", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  const swap = new SwapPage(page);
  await page.goto(created.path.replace(created.id, created.id.toLowerCase()));
  await swap.expectStatus("waiting_deposit", "Waiting for your deposit");
  expect(new URL(page.url()).pathname).toBe(`/swap/${created.id}`);

  for (const path of ["/swap/not-a-swap", `/swap/${"A".repeat(300)}`]) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("There is nothing at this address");
    await expect(page.getByText("12 capital letters and digits")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Swap Checkout" })).toBeVisible();
    await page.getByRole("link", { name: "Start a new swap" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
  }
});
