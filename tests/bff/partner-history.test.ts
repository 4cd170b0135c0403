// The dashboard's ledger reads over HTTP, 160 swaps on the embedded sandbox: list, search, totals, summary, CSV.
import Big from "big.js";
import { describe, it, expect } from "vitest";
import {
  dashboardCsvColumns,
  dashboardSummarySchema,
  dashboardSwapDetailSchema,
  webhookLogSchema,
} from "@/lib/schema/dashboard";
import type { SwapListItem } from "@/lib/schema/partner";
import { call, expectError, postJson } from "./requests";
import { createSwap, quote, swapBody } from "./checkout";
import { CSV_HEADER, SOME_SWAP_ID, allRows, csv, list, rewardSums, seededDashboard } from "./partner-dashboard";

describe("with PARTNER_DASHBOARD_PASSWORD, on the embedded sandbox", () => {
  let origin: string;
  let cookie: string;
  let all: SwapListItem[];
  seededDashboard((seeded) => ({ origin, cookie, all } = seeded));

  describe("the list", () => {
    it("pages through all 160 seeded swaps with no overlap, newest first, total 160", async () => {
      expect(all).toHaveLength(160);
      const seen = new Set<string>();
      for (let offset = 0; offset < 160; offset += 25) {
        const page = await list(origin, cookie, offset ? `?offset=${offset}` : "");
        expect(page.total).toBe(160);
        expect(page.limit).toBe(25);
        expect(page.offset).toBe(offset);
        expect(page.swaps).toHaveLength(Math.min(25, 160 - offset));
        for (const swap of page.swaps) {
          expect(seen.has(swap.id), `${swap.id} on two pages`).toBe(false);
          seen.add(swap.id);
        }
      }
      expect(seen.size).toBe(160);
      const times = all.map((s) => Date.parse(s.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it("says how current the ledger is in x-ledger-as-of", async () => {
      const res = await call(origin, "/api/partner/swaps?limit=1", { headers: { cookie } });
      const asOf = Date.parse(res.header("x-ledger-as-of") ?? "");
      expect(asOf).toBeGreaterThan(Date.now() - 5 * 60_000);
      expect(asOf).toBeLessThanOrEqual(Date.now());
      // The whole history is in: nothing says it is still loading.
      expect(res.header("x-ledger-loading")).toBeUndefined();
    });

    it("filters by two statuses at once", async () => {
      const page = await list(origin, cookie, "?status=completed,failed&limit=100");
      const expected = all.filter((s) => s.status === "completed" || s.status === "failed");
      expect(expected.length).toBeGreaterThan(10);
      expect(page.total).toBe(expected.length);
      expect(page.totals.count).toBe(expected.length);
      expect(new Set(page.swaps.map((s) => s.status))).toEqual(new Set(["completed", "failed"]));
      expect(page.swaps.map((s) => s.id).sort()).toEqual(expected.map((s) => s.id).sort());
    });

    it("filters by a creation date range, both ends inclusive", async () => {
      const from = all[120]!.createdAt;
      const to = all[40]!.createdAt;
      const rows = await allRows(
        origin,
        cookie,
        `createdFrom=${encodeURIComponent(from)}&createdTo=${encodeURIComponent(to)}`,
      );
      expect(rows).toHaveLength(81);
      expect(rows[0]!.id).toBe(all[40]!.id);
      expect(rows.at(-1)!.id).toBe(all[120]!.id);
      const combined = await list(
        origin,
        cookie,
        `?status=completed,expired&createdFrom=${encodeURIComponent(from)}&createdTo=${encodeURIComponent(to)}&limit=100`,
      );
      expect(combined.swaps.map((s) => s.id)).toEqual(
        rows.filter((s) => s.status === "completed" || s.status === "expired").map((s) => s.id),
      );
    });

    it("finds a swap by its id, externalId, customerId, deposit address or payout address", async () => {
      const target = all[17]!;
      for (const q of [
        target.id,
        target.id.toLowerCase(),
        target.externalId!,
        target.deposit.address,
        target.payout.address,
        target.deposit.address.toUpperCase(),
      ]) {
        const page = await list(origin, cookie, `?q=${encodeURIComponent(q)}`);
        expect(
          page.swaps.map((s) => s.id),
          q,
        ).toContain(target.id);
        expect(page.totals.count, q).toBe(page.total);
      }
      const byCustomer = await list(origin, cookie, `?q=${encodeURIComponent(target.customerId!)}&limit=100`);
      expect(byCustomer.total).toBe(all.filter((s) => s.customerId === target.customerId).length);
      expect(byCustomer.total).toBeGreaterThan(1);
      const none = await list(origin, cookie, "?q=no-such-thing");
      expect(none).toMatchObject({
        total: 0,
        swaps: [],
        totals: { count: 0, rewardUsdc: { available: "0", claiming: "0", claimed: "0" } },
      });
      // A search narrows the other filters, it does not replace them.
      const other = target.status === "completed" ? "failed" : "completed";
      expect((await list(origin, cookie, `?q=${target.id}&status=${other}`)).total).toBe(0);
    });

    it("totals every filtered row's reward by reward status, exactly, on every page", async () => {
      const sums = rewardSums(all);
      expect(sums.available.gt(0) && sums.claiming.gt(0) && sums.claimed.gt(0)).toBe(true);
      for (const offset of [0, 25, 150]) {
        const page = await list(origin, cookie, `?offset=${offset}`);
        expect(page.totals.count).toBe(160);
        expect(page.totals.rewardUsdc).toEqual({
          available: sums.available.toFixed(),
          claiming: sums.claiming.toFixed(),
          claimed: sums.claimed.toFixed(),
        });
      }
      const completed = await list(origin, cookie, "?status=completed&limit=5");
      const completedSums = rewardSums(all.filter((s) => s.status === "completed"));
      expect(completed.totals.rewardUsdc.available).toBe(completedSums.available.toFixed());
      const none = await list(origin, cookie, "?status=waiting_deposit,expired");
      expect(none.totals.rewardUsdc).toEqual({ available: "0", claiming: "0", claimed: "0" });
    });

    it("refuses a malformed query with 400 validation_error", async () => {
      for (const query of [
        "?limit=0",
        "?limit=101",
        "?limit=ten",
        "?offset=-1",
        "?status=",
        "?status=completed,nope",
        "?createdFrom=yesterday",
        "?createdFrom=2026-01-02T00:00:00Z&createdTo=2026-01-01T00:00:00Z",
        `?q=${"x".repeat(201)}`,
        "?q=ab%00cd",
        "?q=a%0D%0Aid",
        "?apiKey=x",
      ]) {
        expectError(await call(origin, `/api/partner/swaps${query}`, { headers: { cookie } }), 400, "validation_error");
      }
      expectError(
        await call(origin, "/api/partner/swaps.csv?offset=10", { headers: { cookie } }),
        400,
        "validation_error",
      );
      // Found by the fuzz test (FUZZ_SEED=128147331): a NUL in the search cut the CSV download off.
      expectError(
        await call(origin, "/api/partner/swaps.csv?q=%CE%00%25", { headers: { cookie } }),
        400,
        "validation_error",
      );
      expectError(await call(origin, "/api/partner/summary?q=x", { headers: { cookie } }), 400, "validation_error");
      expectError(
        await call(origin, "/api/partner/summary?createdFrom=soon", { headers: { cookie } }),
        400,
        "validation_error",
      );
      expectError(
        await call(origin, "/api/partner/webhooks?limit=1000", { headers: { cookie } }),
        400,
        "validation_error",
      );
      expectError(
        await call(origin, `/api/partner/swaps/${all[0]!.id}?refresh=maybe`, { headers: { cookie } }),
        400,
        "validation_error",
      );
    });
  });

  describe("the summary", () => {
    it("gives the filter's totals and one point per day, days without swaps included", async () => {
      const res = await call(origin, "/api/partner/summary", { headers: { cookie } });
      expect(res.status, res.raw).toBe(200);
      expect(res.header("x-ledger-as-of")).toMatch(/^\d{4}-\d\d-\d\dT/);
      const summary = dashboardSummarySchema.parse(res.json);
      const page = await list(origin, cookie, "");
      expect(summary.totals).toEqual(page.totals);
      expect(summary.daily.reduce((n, d) => n + d.count, 0)).toBe(160);
      expect(summary.daily.reduce((n, d) => n + d.completed, 0)).toBe(
        all.filter((s) => s.status === "completed").length,
      );
      const rewards = summary.daily.reduce((sum, d) => sum.plus(d.rewardUsdc), new Big(0));
      const expected = rewardSums(all);
      expect(rewards.toFixed()).toBe(expected.available.plus(expected.claiming).plus(expected.claimed).toFixed());
      const dates = summary.daily.map((d) => Date.parse(`${d.date}T00:00:00Z`));
      for (let i = 1; i < dates.length; i++) expect(dates[i]! - dates[i - 1]!).toBe(86_400_000);

      const from = "2000-01-01T00:00:00Z";
      const to = "2000-01-07T23:59:59Z";
      const empty = dashboardSummarySchema.parse(
        (await call(origin, `/api/partner/summary?createdFrom=${from}&createdTo=${to}`, { headers: { cookie } })).json,
      );
      expect(empty.daily.map((d) => d.date)).toEqual([
        "2000-01-01",
        "2000-01-02",
        "2000-01-03",
        "2000-01-04",
        "2000-01-05",
        "2000-01-06",
        "2000-01-07",
      ]);
      expect(empty.totals.count).toBe(0);
    });

    it("counts days in the time zone asked for, and refuses one it does not know", async () => {
      // The same local week, Tokyo's: its midnights are 15:00 UTC the day before.
      const from = "1999-12-31T15:00:00.000Z";
      const to = "2000-01-03T14:59:59.999Z";
      const res = await call(origin, `/api/partner/summary?createdFrom=${from}&createdTo=${to}&tz=Asia/Tokyo`, {
        headers: { cookie },
      });
      expect(res.status, res.raw).toBe(200);
      expect(dashboardSummarySchema.parse(res.json).daily.map((d) => d.date)).toEqual([
        "2000-01-01",
        "2000-01-02",
        "2000-01-03",
      ]);
      // A bad or unknown parameter is named as written: "status", not "status.0"; "foo", not "query".
      for (const [query, parameter] of [
        ["status=bogus", "status"],
        ["status=completed,bogus", "status"],
        ["foo=1", "foo"],
      ]) {
        const refused = expectError(
          await call(origin, `/api/partner/swaps?${query}`, { headers: { cookie } }),
          400,
          "validation_error",
        );
        expect(Object.keys(refused.error.details.fields as object), query).toEqual([parameter]);
      }
      for (const tz of ["Mars/Olympus_Mons", "UTC';select 1;--", "+05:30", "x".repeat(65)]) {
        const refused = await call(origin, `/api/partner/summary?tz=${encodeURIComponent(tz)}`, {
          headers: { cookie },
        });
        expectError(refused, 400, "validation_error");
        expect(refused.json).toMatchObject({ error: { details: { fields: { tz: expect.any(String) } } } });
      }
    });
  });

  describe("one swap", () => {
    it("shows the swap with every id and its status history from the ledger", async () => {
      const target = all[3]!;
      const res = await call(origin, `/api/partner/swaps/${target.id}`, { headers: { cookie } });
      expect(res.status, res.raw).toBe(200);
      const detail = dashboardSwapDetailSchema.parse(res.json);
      const { history, ...swap } = detail;
      expect(swap).toEqual(target);
      expect(history).toEqual([{ status: target.status, seenAt: expect.any(String) }]);
      expectError(
        await call(origin, "/api/partner/swaps/lowercase123", { headers: { cookie } }),
        400,
        "validation_error",
      );
      expectError(
        await call(origin, `/api/partner/swaps/${SOME_SWAP_ID}`, { headers: { cookie } }),
        404,
        "swap_not_found",
      );
    });

    it("follows a swap made at the checkout through its statuses, with the time each was seen", async () => {
      const made = await createSwap(origin, swapBody((await quote(origin)).id));
      expect(made.status, made.raw).toBe(200);
      const { swap, accessToken } = made.json as { swap: { id: string }; accessToken: string };
      const deposit = await postJson(
        origin,
        `/api/sandbox/swaps/${swap.id}/deposit`,
        {},
        { headers: { "x-swap-token": accessToken } },
      );
      expect(deposit.status, deposit.raw).toBe(200);
      const refreshed = dashboardSwapDetailSchema.parse(
        (await call(origin, `/api/partner/swaps/${swap.id}?refresh=true`, { headers: { cookie } })).json,
      );
      expect(refreshed.history.map((h) => h.status)).toEqual(["waiting_deposit", "deposit_detected"]);
      const [first, second] = refreshed.history.map((h) => Date.parse(h.seenAt));
      expect(second!).toBeGreaterThanOrEqual(first!);
      // The new swap is in the list at once (written through at creation).
      expect((await list(origin, cookie, `?q=${swap.id}`)).total).toBe(1);
    });
  });

  describe("the CSV", () => {
    it("has the exact header and one row per swap, with the JSON's exact amounts", async () => {
      const { res, rows } = await csv(origin, cookie, `?createdTo=${encodeURIComponent(all[0]!.createdAt)}`);
      expect(res.text.startsWith(CSV_HEADER + "\r\n")).toBe(true);
      expect(res.text.endsWith("\r\n")).toBe(true);
      expect(rows[0]).toEqual([...dashboardCsvColumns]);
      const data = rows.slice(1);
      expect(data).toHaveLength(160);
      const byId = new Map(all.map((s) => [s.id, s]));
      for (const row of data) {
        const record = Object.fromEntries(dashboardCsvColumns.map((c, i) => [c, row[i]]));
        const swap = byId.get(record.id!)!;
        expect(swap, record.id).toBeDefined();
        expect(record).toEqual({
          id: swap.id,
          createdAt: swap.createdAt,
          status: swap.status,
          fromAmount: swap.from.amount,
          fromToken: swap.from.token,
          fromNetwork: swap.from.network,
          toEstimatedAmount: swap.to.estimatedAmount,
          toToken: swap.to.token,
          toNetwork: swap.to.network,
          externalId: swap.externalId ?? "",
          customerId: swap.customerId ?? "",
          bps: swap.commission.bps === null ? "" : String(swap.commission.bps),
          rewardAmountUsdc: swap.commission.rewardAmountUsdc ?? "",
          rewardStatus: swap.commission.rewardStatus ?? "",
        });
      }
      expect(new Set(data.map((r) => r[0])).size).toBe(160);
    });

    it("takes the same filters as the list, search included", async () => {
      const filter = `status=completed,failed&createdTo=${encodeURIComponent(all[0]!.createdAt)}`;
      const { rows } = await csv(origin, cookie, `?${filter}`);
      const expected = all.filter((s) => s.status === "completed" || s.status === "failed");
      expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map((s) => s.id));
      const empty = await csv(origin, cookie, `?createdTo=2000-01-01T00:00:00Z`);
      expect(empty.res.text).toBe(CSV_HEADER + "\r\n");
      const one = await csv(origin, cookie, `?q=${all[9]!.externalId}`);
      expect(one.rows.slice(1).map((r) => r[0])).toEqual([all[9]!.id]);
    });
  });

  describe("the webhook log", () => {
    it("is empty without WEBHOOK_URL, and redelivering an unknown event is 404", async () => {
      const res = await call(origin, "/api/partner/webhooks", { headers: { cookie } });
      expect(res.status, res.raw).toBe(200);
      expect(webhookLogSchema.parse(res.json)).toEqual({ deliveries: [], total: 0 });
      expectError(
        await call(origin, `/api/partner/webhooks/msg_${"0".repeat(32)}/redeliver`, {
          method: "POST",
          headers: { cookie },
        }),
        404,
        "not_found",
      );
      expectError(
        await call(origin, "/api/partner/webhooks/nope/redeliver", { method: "POST", headers: { cookie } }),
        400,
        "validation_error",
      );
    });
  });
});
