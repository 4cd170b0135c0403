// Per-client limits on each class of route (rate-limiter-flexible). With REDIS_URL every instance
// counts against the same limits (a memory limiter stands in while Redis is away); otherwise memory.
import "server-only";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { ApiError, retryAfterHeader } from "./errors";
import { redisClient, storeReady } from "./shared-store";

export type LimitClass = "quotes" | "swaps" | "reads" | "login";

/** Login attempts per client a minute, before the password is even looked at. */
const LOGINS_PER_MINUTE = 5;

type Limiters = Record<LimitClass, RateLimiterAbstract>;

function limiters(): Limiters {
  return processSingleton("client-limiters", () => {
    const c = config();
    const redis = redisClient();
    const perMinute = (points: number, keyPrefix: string): RateLimiterAbstract => {
      const memory = new RateLimiterMemory({ points, duration: 60, keyPrefix: `client-limit:${keyPrefix}` });
      if (!redis) return memory;
      return new RateLimiterRedis({ storeClient: redis, points, duration: 60, keyPrefix: `swapco:client-limit:${keyPrefix}`, insuranceLimiter: memory });
    };
    return {
      quotes: perMinute(c.CLIENT_QUOTES_PER_MINUTE, "q"),
      swaps: perMinute(c.CLIENT_SWAPS_PER_MINUTE, "s"),
      reads: perMinute(c.CLIENT_READS_PER_MINUTE, "r"),
      login: perMinute(LOGINS_PER_MINUTE, "l"),
    };
  });
}

export async function limitClient(limit: LimitClass, clientId: string): Promise<void> {
  // Before Redis first answers, every instance would count alone (the memory stand-in).
  await storeReady();
  try {
    await limiters()[limit].consume(clientId);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw new ApiError("rate_limited", undefined, { limit }, retryAfterHeader(rejection.msBeforeNext / 1000));
    }
    throw rejection;
  }
}
