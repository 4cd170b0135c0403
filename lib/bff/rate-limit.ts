// Per-client limits on each class of route (rate-limiter-flexible; memory for one instance).
import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import { ApiError, retryAfterHeader } from "./errors";

export type LimitClass = "quotes" | "swaps" | "reads" | "login";

type Limiters = Record<LimitClass, RateLimiterMemory>;
function limiters(): Limiters {
  return processSingleton("client-limiters", () => {
    const c = config();
    const perMinute = (points: number, keyPrefix: string) => new RateLimiterMemory({ points, duration: 60, keyPrefix });
    return {
      quotes: perMinute(c.CLIENT_QUOTES_PER_MINUTE, "q"),
      swaps: perMinute(c.CLIENT_SWAPS_PER_MINUTE, "s"),
      reads: perMinute(c.CLIENT_READS_PER_MINUTE, "r"),
      login: perMinute(5, "l"),
    };
  });
}

export async function limitClient(limit: LimitClass, clientId: string): Promise<void> {
  try {
    await limiters()[limit].consume(clientId);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw new ApiError("rate_limited", undefined, { limit }, retryAfterHeader(rejection.msBeforeNext / 1000));
    }
    throw rejection;
  }
}
