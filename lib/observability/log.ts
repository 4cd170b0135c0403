// The app's logger: `log().warn({ swapId }, "[status] …")`. One JSON line each under `npm start`
// (short lines for people under `npm run dev`), at LOG_LEVEL, with every configured secret and
// anything shaped like a partner key redacted from the whole line (lib/observability/logger.mjs).
import "server-only";
import type { Logger } from "pino";
import { config } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { configureLogger, processLogger, requestContext, type LogFields } from "./logger.mjs";

export type { Logger };

/** The process's logger, set up from the configuration the first time it is asked for. */
export function log(): Logger {
  return processSingleton("logger-configured", () => {
    try {
      const c = config();
      const logger = processLogger({ pretty: c.NODE_ENV === "development" });
      configureLogger({
        level: c.LOG_LEVEL,
        secrets: [
          c.PARTNER_API_KEY,
          c.APP_SECRET,
          c.WEBHOOK_SECRET,
          c.PARTNER_DASHBOARD_PASSWORD,
          c.METRICS_TOKEN,
          c.SWAP_FRONT_SECRET,
          ...urlSecrets(c),
        ],
      });
      return logger;
    } catch {
      // An invalid configuration: the server stops at start, saying why through this logger.
      return processLogger();
    }
  });
}

/** The passwords inside configured addresses (https://user:pass@host); a user name is no secret. */
function urlSecrets(c: ReturnType<typeof config>): string[] {
  const out: string[] = [];
  for (const value of [c.PARTNER_API_BASE_URL, c.REDIS_URL, c.DATABASE_URL, c.WEBHOOK_URL]) {
    if (!value || !URL.canParse(value)) continue;
    const { password } = new URL(value);
    if (password) out.push(password, decodeURIComponent(password));
  }
  return out;
}

/** Adds fields to every later line of the current request (a swap id once it is known). */
export function annotateLog(fields: LogFields): void {
  const store = requestContext().getStore();
  if (store) Object.assign(store.log, fields);
}
