// The browser's clock against the server's, from an answer's Date header (lib/client/bff.ts).
import { afterEach, describe, expect, it, vi } from "vitest";
import { serverClockOffset, swapSnapshot } from "@/lib/client/bff";
import { inProcessSandbox } from "../support/in-process-sandbox";

const received = Date.parse("2026-11-23T10:00:00.250Z");

describe("serverClockOffset", () => {
  it("is 0 for a right clock: the header's whole second, latency and rounding are not a skew", () => {
    expect(serverClockOffset("Mon, 23 Nov 2026 10:00:00 GMT", received)).toBe(0);
    expect(serverClockOffset("Mon, 23 Nov 2026 10:00:01 GMT", received)).toBe(0);
    expect(serverClockOffset("Mon, 23 Nov 2026 09:59:59 GMT", received)).toBe(0);
  });

  it("measures a browser that is minutes ahead or behind, to within half a second", () => {
    // The browser reads 10:00:00.250 while the server is at 09:50:00.x: the server is 10 min behind.
    expect(serverClockOffset("Mon, 23 Nov 2026 09:50:00 GMT", received)).toBe(-600_000 + 250);
    expect(serverClockOffset("Mon, 23 Nov 2026 10:07:30 GMT", received)).toBe(450_000 + 250);
  });

  it("is 0 when the header is missing or not a date", () => {
    expect(serverClockOffset(null, received)).toBe(0);
    expect(serverClockOffset("yesterday", received)).toBe(0);
  });
});

describe("swapSnapshot", () => {
  const sandbox = inProcessSandbox();
  async function answerWith(headers: Record<string, string>) {
    const swap = await sandbox.newSwap();
    vi.stubGlobal("fetch", async () => Response.json(swap, { headers }));
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("dates the status by the upstream read, on the server's clock, and measures a browser ten minutes ahead", async () => {
    vi.useFakeTimers({ now: received + 600_000, toFake: ["Date"] });
    await answerWith({ date: "Mon, 23 Nov 2026 10:00:00 GMT", "x-status-as-of": "2026-11-23T09:59:58.000Z" });
    const snapshot = await swapSnapshot("/api/v1/swap/X");
    expect(snapshot.checkedAt).toBe(Date.parse("2026-11-23T09:59:58.000Z"));
    expect(snapshot.clockOffset).toBe(-600_000 + 250);
  });

  it("dates an answer without an upstream read (the sandbox's deposit) by its Date header", async () => {
    vi.useFakeTimers({ now: received, toFake: ["Date"] });
    await answerWith({ date: "Mon, 23 Nov 2026 10:00:00 GMT" });
    expect(await swapSnapshot("/api/v1/swap/X")).toMatchObject({
      checkedAt: Date.parse("2026-11-23T10:00:00.000Z"),
      clockOffset: 0,
    });
  });
});
