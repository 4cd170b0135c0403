// The dashboard's reward totals after the status page's live reads, over HTTP on the embedded
// sandbox: a swap the ledger learns has completed from `GET /swap/{id}` (which carries no
// commission) is counted within seconds, and until it is, the answer says it is not counted.
import Big from "big.js";
import { describe, expect, it } from "vitest";
import { dashboardSwapListSchema } from "@/lib/schema/dashboard";
import { sleep } from "@/lib/timing";
import { call, postJson } from "./requests";
import { newSwap } from "./checkout";
import { NO_LIMITS, sandboxApp } from "./fixtures";
import { PASSWORD, sessionCookie } from "./partner-dashboard";

describe("rewards of swaps the status page saw complete", () => {
  let origin: string;
  sandboxApp(
    { PARTNER_DASHBOARD_PASSWORD: PASSWORD, SANDBOX_STEP_SECONDS: "1", ...NO_LIMITS },
    (app) => void (origin = app.origin),
  );

  it("are counted in the available total within seconds, and never shown as a short sum without saying so", async () => {
    const cookie = await sessionCookie(origin);
    const { swap, accessToken } = await newSwap(origin);
    const paid = await postJson(
      origin,
      `/api/sandbox/swaps/${swap.id}/deposit`,
      {},
      {
        headers: { "x-swap-token": accessToken },
      },
    );
    expect(paid.status, paid.raw).toBe(200);
    // The status page polls until the swap completes: live reads, with no commission in them.
    for (let waited = 0; ; waited += 250) {
      const read = await call(origin, `/api/v1/swap/${swap.id}`, { headers: { "x-swap-token": accessToken } });
      if ((read.json as { status?: string }).status === "completed") break;
      expect(waited, read.raw).toBeLessThan(30_000);
      await sleep(250);
    }
    // From here, each answer either counts the reward or says one completed swap is not counted.
    const since = Date.now();
    let counted: { available: string; reward: string } | null = null;
    while (!counted && Date.now() - since < 10_000) {
      const res = await call(origin, "/api/partner/swaps?status=completed", { headers: { cookie } });
      expect(res.status, res.raw).toBe(200);
      const page = dashboardSwapListSchema.parse(res.json);
      const row = page.swaps.find((s) => s.id === swap.id)!;
      expect(row.status).toBe("completed");
      const reward = row.commission.rewardAmountUsdc;
      if (reward === null) {
        expect(page.totals.rewardUsdc.available).toBe("0");
        expect(res.header("x-ledger-rewards-pending"), "a short sum, not said to be short").toBe("1");
      } else {
        expect(res.header("x-ledger-rewards-pending")).toBeUndefined();
        counted = { available: page.totals.rewardUsdc.available, reward };
      }
      if (!counted) await sleep(200);
    }
    expect(counted, "the reward was still not counted 10 s after the live read saw the completion").not.toBeNull();
    console.log(`reward counted ${Date.now() - since} ms after the live read that saw the completion`);
    expect(new Big(counted!.reward).gt(0)).toBe(true);
    expect(new Big(counted!.available).eq(counted!.reward)).toBe(true);
    // The summary (the chart's totals) agrees, and says nothing is pending.
    const summary = await call(origin, "/api/partner/summary", { headers: { cookie } });
    expect(summary.status, summary.raw).toBe(200);
    expect(summary.header("x-ledger-rewards-pending")).toBeUndefined();
    expect(
      new Big((summary.json as { totals: { rewardUsdc: { available: string } } }).totals.rewardUsdc.available).eq(
        counted!.reward,
      ),
    ).toBe(true);
  });
});
