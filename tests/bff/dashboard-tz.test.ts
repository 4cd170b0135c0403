// The dashboard's daily summary counts days in the operator's time zone, on the ledger's Postgres
// as well as in JavaScript: a zone only Intl still knows (US/Pacific-New, dropped from the tz
// database in 2020) was a 500 from Postgres. Now it is a 400 that names `tz`.
import { describe, expect, it } from "vitest";
import { dashboardSummarySchema } from "@/lib/schema/dashboard";
import { call, expectError, postJson } from "./requests";
import { newSwap } from "./checkout";
import { NO_CLIENT_LIMITS, upstreamApp } from "./fixtures";
import { sleep } from "@/lib/timing";

const PASSWORD = "correct horse battery staple";

describe("the summary's time zone", () => {
  const running = upstreamApp({ ...NO_CLIENT_LIMITS, PARTNER_DASHBOARD_PASSWORD: PASSWORD });

  it("answers 400 validation_error naming tz for a zone the ledger's database does not know, and counts days in every zone it does", async () => {
    const login = await postJson(running.app.origin, "/api/partner/session", { password: PASSWORD });
    expect(login.status, login.raw).toBe(200);
    const cookie = login.header("set-cookie")!.split(";")[0]!;
    const summary = (tz: string) =>
      call(running.app.origin, `/api/partner/summary?tz=${encodeURIComponent(tz)}`, { headers: { cookie } });
    // A swap in the ledger: on an empty one Postgres never converts a time, and no zone fails.
    await newSwap(running.app.origin);
    for (let waited = 0; dashboardSummarySchema.parse((await summary("UTC")).json).totals.count === 0; waited += 200) {
      expect(waited, "the swap reached the ledger").toBeLessThan(10_000);
      await sleep(200);
    }

    for (const tz of [
      "US/Pacific-New",
      "Canada/East-Saskatchewan",
      "Factory",
      "Mars/Olympus_Mons",
      "EST5EDT,M3.2.0,M11.1.0",
      "PST",
    ]) {
      const res = await summary(tz);
      const body = expectError(res, 400, "validation_error");
      expect(Object.keys(body.error.details.fields as object), tz).toEqual(["tz"]);
    }
    for (const tz of ["UTC", "Europe/Berlin", "europe/berlin", "America/Los_Angeles", "Asia/Kolkata"]) {
      const res = await summary(tz);
      expect(res.status, `${tz}\n${res.raw}`).toBe(200);
      dashboardSummarySchema.parse(res.json);
    }
  });
});
