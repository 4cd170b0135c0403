// The key's upstream budget (PARTNER_RATE_LIMIT_PER_MINUTE), shared by every instance through the
// store and spent before every upstream call. Classes see different ceilings of one sliding
// window: creating a swap may use all of it, quotes 95 %, bulk status refreshes 85 %, single status
// reads 80 % (paced by lib/bff/status/read.ts), the asset list 50 %, the dashboard 45 % and never more than a fifth on its own. So
// quotes and polling can never starve swap creation, and each class waits a bounded time.
// The classes below quotes also leave room for the people quoting and creating now: they stop
// short of the quotes' ceiling by the quotes and creations of the last window plus two, and by at
// least a tenth of the budget (the 85 % above). A fixed 90 % for refreshes left quotes 5 %: at
// 6,000 watched swaps, two sweep cycles in one window (a restart) kept the window there for half a
// minute, and one quote in nine waited out its 3 s and was refused.
import "server-only";
import { sleep } from "@/lib/timing";
import { config } from "@/lib/config";
import type { Priority } from "@/lib/partner/client";
import { ApiError, retryAfterHeader } from "@/lib/bff/http/errors";
import { store } from "./shared-store";
import { budgetRefused, budgetSpent } from "@/lib/observability/metrics";
import { log } from "@/lib/observability/log";

// A second longer than the upstream's minute: clocks and request transit never let it count 121.
const WINDOW_MS = 61_000;
const KEY = "budget:upstream";

const budgetShare: Record<Priority, number> = {
  create: 1,
  quote: 0.95,
  refresh: 0.85,
  status: 0.8,
  assets: 0.5,
  dashboard: 0.45,
  urgent: 0.85,
};
const DASHBOARD_OWN_SHARE = 0.2;

/** What a person is doing right now: the classes below leave room for their rate of the last window. */
const interactive: ReadonlySet<Priority> = new Set(["create", "quote"]);
const INTERACTIVE_KEY = `${KEY}:interactive`;
/** Calls the classes below quotes leave free under the quotes' ceiling, beyond the last window's quotes and creations. */
const INTERACTIVE_HEADROOM = 2;

/** The window usage below which `priority` may spend now. */
async function ceilingOf(priority: Priority, limit: number, now: number): Promise<number> {
  const own = Math.max(1, Math.floor(limit * budgetShare[priority]));
  if (interactive.has(priority)) return own;
  const recent = await store().windowUsage(INTERACTIVE_KEY, WINDOW_MS, now);
  return Math.max(1, Math.min(own, Math.floor(limit * budgetShare.quote) - recent - INTERACTIVE_HEADROOM));
}

/** How long a caller of each class may wait for budget before it gets a 429. */
const budgetWaitMs: Record<Priority, number> = {
  create: 10_000,
  quote: 3_000,
  refresh: 20_000,
  status: 0,
  assets: 3_000,
  dashboard: 3_000,
  urgent: 0,
};

type Shrink = { factor: number; pausedUntil: number };

async function shrinkState(): Promise<Shrink> {
  const raw = await store().get("budget:shrink");
  return raw ? (JSON.parse(raw) as Shrink) : { factor: 1, pausedUntil: 0 };
}

/** The budget in force now: the configured one, smaller after upstream 429s and while degraded. */
export async function effectiveLimit(): Promise<{ limit: number; pausedUntil: number }> {
  const s = store();
  const shrink = await shrinkState();
  // Without the shared store, instances cannot see each other's spending: each takes half.
  const degraded = s.degraded?.() ? 0.5 : 1;
  return {
    limit: Math.max(1, Math.floor(config().PARTNER_RATE_LIMIT_PER_MINUTE * shrink.factor * degraded)),
    pausedUntil: shrink.pausedUntil,
  };
}

/** The part of a client's share its status polls' live reads may use: the rest is for its quotes and swaps. */
const CLIENT_POLL_SHARE = 0.5;

/**
 * One client may cause at most CLIENT_BUDGET_SHARE of the key's minute budget to be spent, so a
 * flood from one address leaves the rest for everyone else. Refused at once: waiting would only
 * hold the flood's connections open. Live reads for its polls stop at half that share: a poll
 * falls back to its snapshot, but a quote refused is a person who cannot buy (an office behind one
 * address watching a dozen swaps spent the whole share on reads, and its next quote got a 429).
 */
async function spendClientShare(clientId: string, limit: number, priority: Priority): Promise<void> {
  const share = Math.max(1, Math.floor(limit * config().CLIENT_BUDGET_SHARE));
  const ceiling = interactive.has(priority) ? share : Math.max(1, Math.floor(share * CLIENT_POLL_SHARE));
  const own = await store().acquireWindow(`${KEY}:client:${clientId}`, ceiling, WINDOW_MS, Date.now());
  if (!own.ok) {
    budgetRefused(priority, "client_share");
    throw new ApiError("rate_limited", undefined, { budget: "client" }, retryAfterHeader(own.retryAfterMs / 1000));
  }
}

export async function spendBudget(
  priority: Priority,
  maxWaitMs = budgetWaitMs[priority],
  onBehalfOf?: string,
): Promise<void> {
  const deadline = Date.now() + maxWaitMs;
  if (onBehalfOf) await spendClientShare(onBehalfOf, (await effectiveLimit()).limit, priority);
  for (;;) {
    const now = Date.now();
    const { limit, pausedUntil } = await effectiveLimit();
    let retryAfterMs = pausedUntil - now;
    if (retryAfterMs <= 0) {
      const global = await store().acquireWindow(KEY, await ceilingOf(priority, limit, now), WINDOW_MS, now);
      if (global.ok && interactive.has(priority)) await store().acquireWindow(INTERACTIVE_KEY, limit, WINDOW_MS, now);
      if (global.ok && priority !== "dashboard") return budgetSpent(priority);
      if (global.ok) {
        const own = await store().acquireWindow(
          `${KEY}:dashboard`,
          Math.max(1, Math.floor(limit * DASHBOARD_OWN_SHARE)),
          WINDOW_MS,
          now,
        );
        if (own.ok) return budgetSpent(priority);
        retryAfterMs = own.retryAfterMs;
      } else {
        retryAfterMs = global.retryAfterMs;
      }
    }
    if (now + retryAfterMs > deadline) {
      budgetRefused(priority, pausedUntil > now ? "paused" : "window_full");
      throw new ApiError("rate_limited", undefined, { budget: priority }, retryAfterHeader(retryAfterMs / 1000));
    }
    await sleep(Math.min(retryAfterMs + 5, 1_000));
  }
}

/**
 * The longest pause one upstream 429 can cause: the limit is per minute, so a longer Retry-After
 * (an hour, say) is not the minute's limit talking. Every call would wait it out, quotes and swap
 * creations of people at the review included; after a minute, one call asks again, and another
 * 429 pauses again.
 */
const MAX_PAUSE_S = 60;

/** An upstream 429: the service's limit is lower than ours. Pause, and shrink for a while. */
export async function budgetRejectedUpstream(retryAfterSeconds: number | null): Promise<void> {
  const current = await shrinkState();
  const pauseS = Math.min(retryAfterSeconds ?? 5, MAX_PAUSE_S);
  const next: Shrink = {
    factor: Math.max(0.5, current.factor * 0.8),
    pausedUntil: Math.max(current.pausedUntil, Date.now() + pauseS * 1000),
  };
  await store().set("budget:shrink", JSON.stringify(next), 5 * 60_000);
  log().warn(`[bff] upstream answered 429: budget shrinks to ${Math.round(next.factor * 100)} % for five minutes`);
}

/** Upstream calls in the current window, for readiness and benchmarks. */
export const budgetUsage = () => store().windowUsage(KEY, WINDOW_MS, Date.now());
