// How often the swap page asks the BFF, on the page's own manual clock: every 30 s while the swap
// is open (none at 29 s, one at 31 s), and never again once it is completed, refunded or failed,
// however the end arrived (expired: deposit-window.spec.ts). Reads are counted per request, and
// "no read happened" is settled by ordering: a marker request sent after the clock moved arrives
// after any read the move caused.
import { createSwapThroughApi, expect, expectNoSeriousA11yViolations, pauseClock, readCounter, test } from "./fixtures";
import { SwapPage } from "./pages/swap-page";

// The shared server (playwright.config.ts) steps the sandbox every second: no server of its own.

// The page's clock stands still from before it loads and moves only as the test says, so the 30 s
// are page time whatever the machine's load: the poll timer starts when the page mounts, at most a
// few animation frames before its first read.
test("an open swap is read every 30 s: no read at 29 s, one at 31 s, the next about 30 s after that", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  const counter = readCounter(page, created.id);
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  const swap = new SwapPage(page);
  await page.goto(created.path);
  // The first read waits for an animation frame: frames come as the page's time is moved on.
  let moved = 0;
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      moved += 50;
      return counter.reads();
    })
    .toBe(1);
  expect(moved, "page time until the first read").toBeLessThanOrEqual(1_000);
  await swap.waitForLoad();
  await swap.expectStatus("waiting_deposit");
  await counter.settle();

  await page.clock.runFor(29_000 - moved);
  await counter.settle();
  expect(counter.reads(), "reads 29 s after the first").toBe(1);

  await page.clock.runFor(2_000);
  await expect.poll(counter.reads, { message: "one read between 29 s and 31 s" }).toBe(2);
  await counter.settle();
  expect(counter.reads()).toBe(2);

  // The next interval runs from when that read was answered, which may fall anywhere in the 2 s
  // just run (the answer comes in real time while the page's clock moves): none within 27 s more,
  // then one by 31.
  await page.clock.runFor(27_000);
  await counter.settle();
  expect(counter.reads(), "none in the next 27 s").toBe(2);
  await page.clock.runFor(4_000);
  await expect.poll(counter.reads).toBe(3);
});

test("polling stops once the swap is completed, refunded or failed: ten minutes of page time, no further read (and each page passes axe)", async ({
  browser,
  request,
  baseURL,
}) => {
  // Three browsers side by side, each with its own clock and axe runs: past 60 s on a busy machine.
  test.setTimeout(150_000);
  // One per terminal outcome.
  const outcomes = [
    ["Completes", "completed"],
    ["Is refunded", "refunded"],
    ["Fails", "failed"],
  ] as const;
  await Promise.all(
    outcomes.map(async ([radio, status]) => {
      const context = await browser.newContext({ baseURL });
      try {
        const page = await context.newPage();
        const created = await createSwapThroughApi(request, baseURL!);
        const counter = readCounter(page, created.id);
        await page.clock.install();
        const swap = new SwapPage(page);
        await swap.goto(created.path);
        await swap.simulateDeposit({ outcome: radio });
        await swap.pollUntil(status, "clock");
        // While the page is here: axe, light and dark (before the clock stops: axe needs timers).
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await expectNoSeriousA11yViolations(page, `swap ${status} (${colorScheme})`, { soft: true });
        }
        await page.emulateMedia({ colorScheme: null });
        await counter.settle();
        const atTerminal = counter.reads();

        await pauseClock(page, 1_000);
        for (let minute = 0; minute < 10; minute++) await page.clock.runFor(60_000);
        await counter.settle();
        expect(counter.reads(), `reads after the page showed ${status}`).toBe(atTerminal);
        await expect(swap.checkNow).toBeHidden();
      } finally {
        await context.close();
      }
    }),
  );
});

test("an end that arrives through 'Check now', not the poll, still ends the reads: the poll already due is not made", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  const counter = readCounter(page, created.id);
  await page.clock.install();
  const swap = new SwapPage(page);
  await swap.goto(created.path);
  await swap.expectStatus("waiting_deposit");
  // From here the page's 30-s poll stays due: its clock moves only as the test says.
  await pauseClock(page, 1_000);
  await swap.depositUntil("completed");
  await counter.settle();
  const atTerminal = counter.reads();

  await page.clock.runFor(10 * 60_000);
  await counter.settle();
  expect(counter.reads(), "reads after the page showed completed").toBe(atTerminal);
});

test("a check that does not get through says so, keeps the last status, and the next one that does clears it", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  const swap = new SwapPage(page);
  await swap.goto(created.path);
  await swap.expectStatus("waiting_deposit");
  const notice = page.getByTestId("check-failed");
  await expect(notice).toHaveText("");

  // The phone loses its network for a moment.
  await page.route(`**/api/v1/swap/${created.id}`, (route) => route.abort("internetdisconnected"));
  await swap.checkNow.click();
  await expect(notice).toHaveText(
    "The last check did not get through: what you see may be out of date. We keep trying.",
  );
  await expect(swap.depositAddress, "the last status stays on screen").toBeVisible();
  await expectNoSeriousA11yViolations(page, "a failed status check");

  await page.unroute(`**/api/v1/swap/${created.id}`);
  await swap.checkNow.click();
  await expect(notice).toHaveText("");
});

test("'Check now' from the keyboard keeps focus while it checks and says when it has, even when nothing changed", async ({
  page,
  swapPage,
  openNewSwap,
}) => {
  // Each answer held for a moment, so the check is in flight long enough to be seen.
  await page.route("**/api/v1/swap/*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await openNewSwap();
  await swapPage.expectStatus("waiting_deposit");
  await swapPage.checkNow.focus();
  await page.keyboard.press("Enter");
  await expect(swapPage.checkNow).toHaveAttribute("aria-disabled", "true");
  await expect(swapPage.checkNow).toBeFocused();
  await expect(page.getByTestId("check-said")).toHaveText(/^Checked\. Status as of \d{1,2}:\d{2}:\d{2}/);
  await expect(swapPage.checkNow).not.toHaveAttribute("aria-disabled");
  await expect(swapPage.checkNow).toBeFocused();
});

test("a browser that goes offline is told at once that the status may be out of date, without pressing anything, and it clears when back", async ({
  page,
  swapPage,
  openNewSwap,
}) => {
  await openNewSwap();
  await swapPage.expectStatus("waiting_deposit");
  const notice = page.getByTestId("check-failed");
  await expect(notice).toHaveText("");
  // Offline, no poll is made to fail (SWR waits for the connection): the page used to look current.
  await page.context().setOffline(true);
  await expect(notice).toHaveText(
    "The last check did not get through: what you see may be out of date. We keep trying.",
    { timeout: 3_000 },
  );
  await page.context().setOffline(false);
  await expect(notice).toHaveText("");
});

// What "idle" costs a phone: an endless pulse kept the browser drawing 60 frames a second between
// reads 30 s apart (13-14 % of a core, against 1.4 % still; docs/benchmarks.md).
test("an idle swap page runs no animation at 390 or 1280 px: the live dot beats after a read, then stops", async ({
  page,
  swapPage,
  openNewSwap,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openNewSwap();
  await swapPage.expectStatus("waiting_deposit");
  const running = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === "running")
        .map(
          (a) => ((a.effect as KeyframeEffect | null)?.target as Element | null)?.getAttribute("data-testid") ?? "?",
        ),
    );
  const dot = page.getByTestId("live-dot").filter({ visible: true });
  // On a phone the dot is the live line's, at the top.
  await expect(dot).toHaveCount(1);
  await expect(page.getByTestId("live-status").getByTestId("live-dot")).toBeVisible();
  await expect.poll(running, { timeout: 10_000 }).toEqual([]);
  // A read beats it again once it brings a newer reading ("Status as of …" moves on): the BFF shares
  // one upstream read among the checks of a few seconds.
  const asOf = page.getByText(/^Status as of/);
  const before = await asOf.textContent();
  await expect(async () => {
    await swapPage.checkNow.click();
    await expect(asOf).not.toHaveText(before!, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  expect(await running()).toContain("live-dot");
  await expect.poll(running, { timeout: 10_000 }).toEqual([]);
  // On a wide screen it is the timeline's current step's, and it stops too.
  await page.setViewportSize({ width: 1280, height: 844 });
  await expect(dot).toHaveCount(1);
  await expect(page.getByTestId("live-status")).toBeHidden();
  await expect.poll(running, { timeout: 10_000 }).toEqual([]);
});
