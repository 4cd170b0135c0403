// Shared by the specs of the nervous user's trust (issue 36): the page's primary actions, a swap
// paid through the sandbox, prices that move, and axe in both schemes.
import type { APIRequestContext, Page } from "@playwright/test";
import { createSwapThroughApi, expect, expectNoSeriousA11yViolations, type SwapOptions } from "./fixtures";

/**
 * The visible buttons and links in the accent colour (the primary style), outside the sandbox's own
 * panel: each state of a swap should have exactly one.
 */
export function primaryActions(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("a, button")]
      .filter((el) => {
        if (el.closest('section[aria-labelledby="sandbox-heading"]')) return false;
        const box = el.getBoundingClientRect();
        if (!box.width || !box.height) return false;
        const style = getComputedStyle(el);
        return style.visibility !== "hidden" && style.display !== "none" && el.classList.contains("bg-accent");
      })
      .map((el) => (el.textContent ?? "").replace(/\s+/g, " ").trim()),
  );
}

/**
 * The sandbox's prices are fixed: once `move()` is called, every quote answer the page receives
 * carries `estimatedAmount` as its estimate (everything else as the server sent it).
 */
export async function movingEstimates(page: Page, estimatedAmount: string): Promise<{ move: () => void }> {
  let moved = false;
  await page.route("**/api/v1/quote", async (route) => {
    const response = await route.fetch();
    if (!moved || !response.ok()) return route.fulfill({ response });
    const json = (await response.json()) as { to: { estimatedAmount: string } };
    json.to.estimatedAmount = estimatedAmount;
    return route.fulfill({ response, json });
  });
  return { move: () => (moved = true) };
}

/** A swap paid `amount` through the sandbox and read until it reaches `until`, without a page watching. */
export async function paidSwap(
  request: APIRequestContext,
  baseURL: string,
  {
    amount,
    outcome,
    options,
  }: { amount?: string; outcome: "completed" | "refunded" | "failed"; options?: SwapOptions },
) {
  const created = await createSwapThroughApi(request, baseURL, options);
  const deposit = await request.post(`${baseURL}/api/sandbox/swaps/${created.id}/deposit`, {
    headers: { "x-swap-token": created.token },
    data: amount ? { outcome, amount } : { outcome },
  });
  expect(deposit.status(), await deposit.text()).toBe(200);
  await expect
    .poll(
      async () => {
        const read = await request.get(`${baseURL}/api/v1/swap/${created.id}`, {
          headers: { "x-swap-token": created.token },
        });
        return ((await read.json()) as { status: string }).status;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(outcome);
  return created;
}

export async function axeBothSchemes(page: Page, where: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page, `${where} (${colorScheme})`, { soft: true });
  }
  await page.emulateMedia({ colorScheme: null });
}
