// A browser whose clock is wrong by minutes: the quote's countdown follows the server's clock
// (from the answer's Date header), so it neither shows 13 minutes left nor calls each new quote
// expired the moment it arrives (which would ask for a new one, again and again).
import { expect, test } from "./fixtures";

const isQuoteCall = (url: string) => new URL(url).pathname === "/api/v1/quote";

for (const [name, skewMs] of [
  ["ten minutes ahead", 10 * 60_000],
  ["ten minutes behind", -10 * 60_000],
] as const) {
  test(`a browser clock ${name} shows the quote's true time left and asks for no extra quotes`, async ({
    page,
    checkout,
  }) => {
    let quoteCalls = 0;
    page.on("request", (request) => {
      if (isQuoteCall(request.url())) quoteCalls++;
    });
    await page.clock.install({ time: Date.now() + skewMs });
    await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron", amount: "0.01" });
    await checkout.expectQuote();
    await expect(checkout.countdown).toHaveText(/^Price valid for (3:00|2:5\d)$/);
    // A quote taken for expired is replaced at once, again and again: the network never rests.
    await page.waitForLoadState("networkidle");
    expect(quoteCalls).toBe(1);
    // Three seconds on the page's clock: the same quote, counting down.
    await page.clock.runFor(3_000);
    await expect(checkout.countdown).toHaveText(/^Price valid for 2:5\d$/);
    expect(quoteCalls).toBe(1);
  });
}

test("a browser clock ten minutes ahead still shows the deposit window's true time left, and a status checked seconds ago", async ({
  page,
  openNewSwap,
}) => {
  await page.clock.install({ time: Date.now() + 10 * 60_000 });
  await openNewSwap();
  // The window is 4 hours on the server's clock, not 3 h 50 min on the browser's.
  await expect(page.getByTestId("deposit-countdown")).toHaveText(/^(4:00:00|3:59:[0-5]\d) left$/);
  await expect(page.getByTestId("live-status")).toContainText(/checked \d s ago/);
});
