// The status tests' harness: a manual clock (fake Date and timers; the in-process sandbox and the memory store
// follow Date.now), fresh process singletons for each test, and every request that reaches the upstream recorded.
import { afterEach, beforeEach, expect, vi } from "vitest";
import { resetProcessSingleton } from "@/lib/process-singleton";
import { embeddedSandbox } from "@/lib/bff/upstream/partner";
import { readSwap } from "@/lib/bff/status/read";
import { writeSnapshot, type Snapshot } from "@/lib/bff/status/snapshots";
import { stopSweep } from "@/lib/bff/status/sweep";
import { swapAccessToken } from "@/lib/bff/tokens";
import type { Swap } from "@/lib/schema/partner";

const singletons = [
  "config",
  "store",
  "embedded-sandbox",
  "partner-client",
  "swap-status",
  "swap-status-parsed",
  "swap-status-live-times",
];

/** For one test file: registers the harness's hooks; returns the upstream's record and the helpers on it. */
export function statusHarness() {
  const upstreamCalls: string[] = [];

  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse("2026-11-23T10:00:00.000Z"), toFake: ["Date", "setTimeout", "clearTimeout"] });
    process.env.APP_SECRET = "unit-test-secret-0123456789abcdefghijklmnop";
    for (const key of singletons) resetProcessSingleton(key);
    upstreamCalls.length = 0;
    // Record what reaches the upstream.
    const sandbox = embeddedSandbox()!;
    const handle = sandbox.handle;
    sandbox.handle = (req: Request) => {
      const url = new URL(req.url);
      if (url.pathname.startsWith("/v1/")) upstreamCalls.push(`${req.method} ${url.pathname}${url.search}`);
      return handle(req);
    };
  });

  afterEach(async () => {
    await stopSweep();
    vi.useRealTimers();
  });

  async function control(path: string, body: unknown) {
    const response = await embeddedSandbox()!.handle(
      new Request(`http://sandbox.internal${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": "lsk_test_sandbox" },
        body: JSON.stringify(body),
      }),
    );
    expect(response.status).toBe(200);
    return response.json();
  }

  /** Swaps in the sandbox, waiting for their deposit, with a stored snapshot `ageMs` old. */
  async function watchedSwaps(count: number, ageMs: number): Promise<Snapshot[]> {
    const { ids } = (await control("/sandbox/seed", {
      count,
      live: true,
      createdFrom: new Date(Date.now() - 600_000).toISOString(),
      createdTo: new Date(Date.now() - 60_000).toISOString(),
    })) as { ids: string[] };
    const swaps: Swap[] = [];
    for (const id of ids) {
      const response = await embeddedSandbox()!.handle(
        new Request(`http://sandbox.internal/v1/swap/${id}`, { headers: { "x-api-key": "lsk_test_sandbox" } }),
      );
      swaps.push((await response.json()) as Swap);
    }
    // A fresh minute for the sandbox's own limit.
    vi.advanceTimersByTime(61_000);
    const snapshots: Snapshot[] = [];
    for (const swap of swaps) {
      const snapshot: Snapshot = { swap, asOf: Date.now() - ageMs, source: "list" };
      await writeSnapshot(snapshot);
      snapshots.push(snapshot);
    }
    upstreamCalls.length = 0;
    return snapshots;
  }

  const read = (id: string) => readSwap(id, swapAccessToken(id), "req_test");
  const liveReads = () => upstreamCalls.filter((c) => /^GET \/v1\/swap\/[A-Z0-9]{12}$/.test(c)).length;

  return { upstreamCalls, control, watchedSwaps, read, liveReads };
}
