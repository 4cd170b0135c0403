// Instances that share Redis must share APP_SECRET: a swap link made on one opens on another only
// if both derive the same swap-token key. Each instance compares a fingerprint of that key (a MAC
// of a fixed text, which says nothing of the key and opens no swap) with the one in the store; the
// first instance's stays there while it keeps refreshing it. A differing one is said in the log
// (once per 10 minutes) and in readiness, where an operator looks when users report links that
// "could not be found" behind a balancer.
import "server-only";
import { config } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { store, storeReady } from "@/lib/bff/upstream/shared-store";
import { secretFingerprint } from "@/lib/bff/tokens";
import { log } from "@/lib/observability/log";

const KEY = "config:app-secret-fingerprint";
const TTL_MS = 3 * 60_000;
const EVERY_MS = 60_000;
const WARN_EVERY_MS = 10 * 60_000;
/** How soon a check that only reached this instance's memory (Redis away) is made again. */
const RETRY_MS = 5_000;

type State = {
  at: number;
  differs: boolean;
  warnedAt: number;
  timer: ReturnType<typeof setInterval> | null;
  retry: ReturnType<typeof setTimeout> | null;
};
const state = processSingleton<State>("app-secret-check", () => ({
  at: 0,
  differs: false,
  warnedAt: 0,
  timer: null,
  retry: null,
}));

/** Asks again in RETRY_MS, once however often it is called meanwhile. */
function retrySoon(now: number): void {
  state.at = now - EVERY_MS + RETRY_MS;
  if (state.retry) return;
  state.retry = setTimeout(() => {
    state.retry = null;
    void appSecretDiffers();
  }, RETRY_MS);
  state.retry.unref?.();
}

/** Whether another instance on this Redis derives other keys from its APP_SECRET; asks the store at most once a minute. */
export async function appSecretDiffers(now = Date.now()): Promise<boolean> {
  if (!config().REDIS_URL) return false;
  if (now - state.at < EVERY_MS) return state.differs;
  state.at = now;
  const mine = secretFingerprint();
  try {
    const s = store();
    const claimed = await s.setIfAbsent(KEY, mine, TTL_MS);
    const held = claimed ? mine : await s.get(KEY);
    // Answered from this instance's memory, which holds no other instance's fingerprint: not an
    // answer. An instance that starts while Redis is away says so once Redis is back.
    if (s.degraded?.()) {
      retrySoon(now);
      return state.differs;
    }
    if (held === mine) {
      if (!claimed) await s.set(KEY, mine, TTL_MS);
      state.differs = false;
    } else state.differs = held !== null;
  } catch {
    retrySoon(now);
    return state.differs;
  }
  if (state.differs && now - state.warnedAt >= WARN_EVERY_MS) {
    state.warnedAt = now;
    log().error(
      "[config] APP_SECRET differs from another instance's on this Redis (REDIS_URL): swap links made there will not open here, and users will be told their swap cannot be found. Give every instance the same APP_SECRET.",
    );
  }
  return state.differs;
}

/** Checks now and then every minute, so the first instance keeps its fingerprint in the store. */
export function watchAppSecret(): void {
  if (!config().REDIS_URL || state.timer) return;
  // After the store's first connection: before it, the check would ask local memory.
  void storeReady().then(() => appSecretDiffers());
  state.timer = setInterval(() => void appSecretDiffers(), EVERY_MS);
  state.timer.unref?.();
}
