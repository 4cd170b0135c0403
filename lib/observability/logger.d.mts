import type { AsyncLocalStorage } from "node:async_hooks";
import type { Logger, LevelWithSilent } from "pino";

/** What a request's log lines carry without being passed it. */
export type LogFields = { requestId?: string; swapId?: string; traceId?: string };
/** The request's context; `span` is its server span while tracing is on. */
export type RequestContext = { log: LogFields; span?: unknown };

export declare function processLogger(options?: { pretty?: boolean }): Logger;
export declare function configureLogger(settings: { level: LevelWithSilent; secrets: Array<string | undefined> }): void;
export declare function requestContext(): AsyncLocalStorage<RequestContext>;
export declare function logConsoleAsJson(): void;
