// The ledger in the running app: opened once per process from the configuration, its sync loops
// and the webhook sender started with it, and the two small calls the rest of the BFF makes into
// it (a swap was created; the status sweep saw a page). The wiring lives here, in the BFF, so that
// lib/ledger (schema, migrations, sync) knows nothing of the BFF: imports run one way.
import "server-only";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { ConfigError, config, isConfigError } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { within } from "@/lib/timing";
import { forLog, isApiError } from "@/lib/bff/http/errors";
import { partner } from "@/lib/bff/upstream/partner";
import { store } from "@/lib/bff/upstream/shared-store";
import type { Swap, SwapListItem } from "@/lib/schema/partner";
import { deliverDue, pendingCount } from "@/lib/webhooks/deliver";
import { watchWebhookBacklog } from "@/lib/observability/metrics";
import { log } from "@/lib/observability/log";
import { openLedgerDb, type LedgerConnection } from "@/lib/ledger/db";
import { isServiceLedgerError, noteServiceUpstream, type ServiceLedgerError } from "@/lib/ledger/provenance";
import { announceAbandoned } from "@/lib/ledger/funnel";
import { recordSwaps, type SwapSource } from "@/lib/ledger/record";
import {
  backfillStep,
  catchUpRewards,
  forgetOtherSandbox,
  reconcile,
  recordSweepPage,
  relistRewardsStep,
  requestFullBackfill,
  startBackfillRound,
  sweepOpenSwaps,
  syncStatus,
  type SyncDeps,
} from "@/lib/ledger/sync";

type Runtime = {
  connection: Promise<LedgerConnection | null> | null;
  opened?: boolean;
  /** Set once the ledger has opened (migrations applied, loops started) in this process. */
  served?: boolean;
  instance: string;
  warned: boolean;
  nudge?: () => void;
  kicks: Map<string, () => void>;
};
const runtime = processSingleton<Runtime>("ledger", () => ({
  connection: null,
  instance: randomUUID(),
  warned: false,
  kicks: new Map(),
}));

/** Longer than `npm start` takes to stop (10 s for requests in flight, 5 s for the shutdown hooks). */
const LOCK_WAIT_AT_START_MS = 18_000;
const SWEEP_EVERY_MS = 60_000;
const RELIST_EVERY_MS = 10 * 60_000;
/** While a completed swap waits for its reward (the list lags a live read by up to a minute). */
const REWARD_CATCH_UP_EVERY_MS = 20_000;
const RECONCILE_EVERY_MS = 15 * 60_000;
const WEBHOOK_EVERY_MS = 2_000;
const TOP_UP_EVERY_MS = 5 * 60_000;

/** Off when several instances share Redis without a Postgres server: each would keep its own ledger. */
function ledgerEnabled(): boolean {
  const c = config();
  if (c.REDIS_URL && !c.DATABASE_URL) {
    if (!runtime.warned) {
      runtime.warned = true;
      log().warn(
        "[ledger] REDIS_URL is set without DATABASE_URL: the ledger and webhooks are off (set DATABASE_URL to a Postgres server shared by the instances).",
      );
    }
    return false;
  }
  return true;
}

export const webhooksEnabled = () => ledgerEnabled() && !!config().WEBHOOK_URL && !!config().WEBHOOK_SECRET;

/** The event types to write (WEBHOOK_EVENTS), none with webhooks off. */
const webhookEvents = (): ReadonlySet<string> => new Set(webhooksEnabled() ? config().WEBHOOK_EVENTS : []);

/** How long after its last quote expired an order with no swap is announced as abandoned. */
const ABANDONED_AFTER_MS = 10 * 60_000;
const ABANDONED_EVERY_MS = 60_000;

/** The open ledger, or null when it is off. Opening applies the migrations and starts the loops. */
export function ledger(): Promise<LedgerConnection | null> {
  if (!ledgerEnabled()) return Promise.resolve(null);
  runtime.connection ??= (async () => {
    const c = config();
    // The first open (at start) waits a while for a process still stopping to let go of LEDGER_DIR.
    const lockWaitMs = runtime.opened ? 0 : LOCK_WAIT_AT_START_MS;
    runtime.opened = true;
    const connection = await openLedgerDb(
      c.DATABASE_URL ? { databaseUrl: c.DATABASE_URL } : { dir: path.resolve(c.LEDGER_DIR) },
      { lockWaitMs },
    );
    if (c.mode === "sandbox") {
      // This process's sandbox is new and empty: what the ledger kept is another sandbox's, unless
      // it is the real service's (then nothing is deleted and the server does not start).
      const forgotten = await forgetOtherSandbox(connection.db, runtime.instance, new Date()).catch(
        async (error: unknown) => {
          await connection.close().catch(() => {});
          throw isServiceLedgerError(error)
            ? serviceLedgerRefusal(error, c.DATABASE_URL ? "DATABASE_URL" : "LEDGER_DIR")
            : error;
        },
      );
      if (forgotten > 0)
        log().warn(
          `[ledger] the embedded sandbox starts empty: let go of ${forgotten} swaps recorded from an earlier run`,
        );
    } else {
      await noteServiceUpstream(connection.db, new URL(c.PARTNER_API_BASE_URL!).origin, new Date());
    }
    startLoops(connection);
    runtime.served = true;
    return connection;
  })().catch((error) => {
    runtime.connection = null;
    // A refusal is said once, as the configuration's other faults are (lib/bff/boot/start-check.ts).
    if (!isConfigError(error)) log().error(`[ledger] could not open the ledger: ${forLog(error)}`);
    throw error;
  });
  return runtime.connection;
}

/** The one line that stops a sandbox start on a ledger of the real service's, naming `variable`. */
function serviceLedgerRefusal({ held }: ServiceLedgerError, variable: "LEDGER_DIR" | "DATABASE_URL"): ConfigError {
  const where =
    variable === "LEDGER_DIR" ? `${variable}: ${path.resolve(config().LEDGER_DIR)}` : `${variable}: this database`;
  const whose = held.origin ? `the service at ${held.origin}` : "the real service";
  return new ConfigError([
    `${where} holds ${held.swaps} ${held.swaps === 1 ? "swap" : "swaps"} of ${whose}, and the embedded sandbox would delete them: give the sandbox its own ${variable}, or set PARTNER_API_BASE_URL to use the service`,
  ]);
}

function syncDeps(connection: LedgerConnection): SyncDeps {
  return {
    db: connection.db,
    // The ledger's own reads are the lowest budget class, which never gets more than a fifth.
    listSwaps: (query) =>
      partner().listSwaps(query, { requestId: `ledger-${runtime.instance.slice(0, 8)}`, priority: "dashboard" }),
    events: webhookEvents(),
    onEvents: () => runtime.nudge?.(),
  };
}

/**
 * Runs `task` now and then, one instance at a time (a lease in the shared store); the task's
 * answer is the wait before its next run. `runtime.kicks` runs it again soon, and tells the
 * running task through `kicked`.
 */
function every(name: string, intervalMs: number, task: (kicked: () => boolean) => Promise<number | void>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let kicked = false;
  const run = async () => {
    running = true;
    kicked = false;
    const lease = `ledger:lease:${name}`;
    let wait = intervalMs;
    if (
      await store()
        .setIfAbsent(lease, runtime.instance, 10 * 60_000)
        .catch(() => false)
    ) {
      try {
        wait = (await task(() => kicked)) ?? intervalMs;
      } catch (error) {
        const retryAfter =
          isApiError(error) && error.code === "rate_limited" ? Number(error.headers["retry-after"] ?? 5) * 1000 : null;
        if (retryAfter === null) log().warn(`[ledger] ${name} stopped: ${forLog(error)}`);
        wait = retryAfter ?? intervalMs;
      } finally {
        await store()
          .delete(lease)
          .catch(() => {});
      }
    }
    running = false;
    schedule(kicked ? 250 : Math.max(250, wait));
  };
  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), ms);
    timer.unref?.();
  };
  runtime.kicks.set(name, () => {
    kicked = true;
    if (!running) schedule(250);
  });
  schedule(1_000);
}

function startLoops(connection: LedgerConnection) {
  const deps = syncDeps(connection);
  // The backfill goes on page after page while the budget allows (a rate_limited answer waits);
  // once done, a top-up round every few minutes picks up swaps created elsewhere on the same key.
  every("backfill", TOP_UP_EVERY_MS, async (kicked) => {
    const round = await startBackfillRound(deps);
    // A full round asked for meanwhile (a kick) ends this step after its page; the next run starts it.
    const state = await backfillStep(deps, 20, round, kicked);
    return state.done ? TOP_UP_EVERY_MS : 250;
  });
  every("sweep", SWEEP_EVERY_MS, async () => void (await sweepOpenSwaps(deps)));
  every("rewards", RELIST_EVERY_MS, async () => ((await relistRewardsStep(deps)).done ? RELIST_EVERY_MS : 1_000));
  // A live read that finds a swap completed kicks this at once: the read refreshes the list's copy
  // of that swap upstream, so its reward is usually listed already. Idle (no upstream call) while
  // no completed swap waits for its reward.
  every("reward-catch-up", REWARD_CATCH_UP_EVERY_MS, async () => void (await catchUpRewards(deps)));
  every("reconcile", RECONCILE_EVERY_MS, async () => {
    if ((await syncStatus(deps.db)).backfill?.done) await reconcile(deps);
  });
  if (!webhooksEnabled()) return;
  if (webhookEvents().has("order.abandoned")) {
    // An order's checkout refreshes its quote while the page is open: one whose quotes all ran out
    // a while ago, with no swap, was left. Announced once (a later swap brings the swap events).
    every("abandoned", ABANDONED_EVERY_MS, async () => {
      const now = new Date();
      if ((await announceAbandoned(connection.db, new Date(now.getTime() - ABANDONED_AFTER_MS), now)) > 0)
        runtime.nudge?.();
    });
  }
  const { WEBHOOK_URL: url, WEBHOOK_SECRET: secret } = config();
  watchWebhookBacklog(() => pendingCount(connection.db));
  let sending = false;
  const send = async () => {
    if (sending) return;
    sending = true;
    try {
      while ((await deliverDue(connection.db, { url: url!, secret: secret! })).sent > 0);
    } catch (error) {
      log().warn(`[webhooks] delivery pass failed: ${forLog(error)}`);
    } finally {
      sending = false;
    }
  };
  runtime.nudge = () => void send();
  const tick = setInterval(() => void send(), WEBHOOK_EVERY_MS);
  tick.unref?.();
}

/** Records a view; true if it changed the ledger. */
async function recordQuietly(seen: ReadonlyArray<Swap | SwapListItem>, source: SwapSource): Promise<boolean> {
  try {
    const connection = await ledger();
    if (!connection) return false;
    const result = await recordSwaps(connection.db, seen, { source, seenAt: new Date(), events: webhookEvents() });
    if (result.inserted || result.changed) runtime.nudge?.();
    return result.inserted + result.changed > 0;
  } catch (error) {
    log().warn(`[ledger] could not record a ${source} view: ${forLog(error)}`);
    return false;
  }
}

/**
 * For readiness: "off" (no ledger on this server), "ok", or "unavailable" (its database does not
 * answer within 2 s). The checkout does not need the ledger, so this never makes a server unready.
 */
/**
 * `opening` until the ledger has opened once in this process (its migrations, the first lock on
 * LEDGER_DIR, Postgres reached); then `ok`, or `unavailable` while its database does not answer.
 */
export async function ledgerHealth(): Promise<"ok" | "off" | "opening" | "unavailable"> {
  if (!ledgerEnabled()) return "off";
  const check = ledger().then(async (connection) => {
    if (!connection) return "off" as const;
    await connection.db.execute(sql`select 1`);
    return "ok" as const;
  });
  const health = (await within(check, 2_000).catch(() => undefined)) ?? "unavailable";
  return health === "unavailable" && !runtime.served ? "opening" : health;
}

/** Write-through of a swap just created (with its swap.created event). Never fails the caller. */
export const ledgerSwapCreated = async (swap: Swap) => void (await recordQuietly([swap], "create"));

/**
 * A live read of one swap. One that carries news of its completion (a live read has no commission)
 * has the ledger fetch the swap's reward from the list now rather than at the next re-listing.
 */
export async function ledgerSwapRead(swap: Swap): Promise<void> {
  if ((await recordQuietly([swap], "live")) && swap.status === "completed") runtime.kicks.get("reward-catch-up")?.();
}

/** A page the status sweep listed; fire and forget, so the sweep never waits on the ledger. */
export function ledgerSweepPage(page: readonly SwapListItem[]): void {
  if (!ledgerEnabled()) return;
  void ledger()
    .then((connection) => connection && recordSweepPage({ ...syncDeps(connection) }, [...page]))
    .catch((error) => log().warn(`[ledger] could not record a sweep page: ${forLog(error)}`));
}

/**
 * Has the backfill start over from the newest swap (the sandbox's seed control backdates swaps):
 * a request the backfill's loop takes up under its lease, run again at once here.
 */
export async function ledgerRebackfill(): Promise<void> {
  const connection = await ledger().catch(() => null);
  if (!connection) return;
  await requestFullBackfill(syncDeps(connection));
  runtime.kicks.get("backfill")?.();
}
