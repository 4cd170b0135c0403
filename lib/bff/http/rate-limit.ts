// Per-client limits on each class of route (rate-limiter-flexible). With REDIS_URL every instance
// counts against the same limits (a memory limiter stands in while Redis is away); otherwise memory.
import "server-only";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { ApiError, retryAfterHeader } from "./errors";
import { redisClient, storeReady } from "@/lib/bff/upstream/shared-store";

export type LimitClass = "quotes" | "swaps" | "reads";

/**
 * `points` a `durationSeconds` window per key, shared by every instance through Redis (a memory
 * stand-in while Redis is away), or in memory without REDIS_URL. `name` keeps its keys apart.
 */
export function sharedLimiter(name: string, points: number, durationSeconds: number): RateLimiterAbstract {
  const redis = redisClient();
  const memory = new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix: `client-limit:${name}` });
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis,
    points,
    duration: durationSeconds,
    keyPrefix: `swapco:client-limit:${name}`,
    insuranceLimiter: memory,
  });
}

/** Takes one point from `key`; a refusal becomes 429 `rate_limited` with Retry-After, naming only `limit`. */
export async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string, limit: string): Promise<void> {
  // Before Redis first answers, every instance would count alone (the memory stand-in).
  await storeReady();
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw new ApiError("rate_limited", undefined, { limit }, retryAfterHeader(rejection.msBeforeNext / 1000));
    }
    throw rejection;
  }
}

function limiters(): Record<LimitClass, RateLimiterAbstract> {
  return processSingleton("client-limiters", () => {
    const c = config();
    return {
      quotes: sharedLimiter("q", c.CLIENT_QUOTES_PER_MINUTE, 60),
      swaps: sharedLimiter("s", c.CLIENT_SWAPS_PER_MINUTE, 60),
      reads: sharedLimiter("r", c.CLIENT_READS_PER_MINUTE, 60),
    };
  });
}

export const limitClient = (limit: LimitClass, clientId: string): Promise<void> =>
  consumeOrRefuse(limiters()[limit], clientId, limit);
