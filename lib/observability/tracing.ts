// Tracing as the rest of the app sees it: null while off, so a request pays nothing for it. When
// an OTLP endpoint is configured, lib/observability/tracing-sdk.ts (the only module that loads
// OpenTelemetry's SDK) is imported at start and fills this in.
import "server-only";
import { processSingleton } from "@/lib/process-singleton";

export type SpanAttributes = Record<string, string | number | boolean>;

/** A span in progress, opaque to its users. */
export type SpanHandle = {
  readonly traceId: string;
  set(name: string, value: string | number | boolean): void;
  /** Ends it; `errorType` marks it failed (an HTTP status of 500 or more, an upstream outcome). */
  end(errorType?: string): void;
};

export type Tracing = {
  /** A request's server span, continuing the trace of its `traceparent` when it sent one. */
  server(name: string, attributes: SpanAttributes, headers: Headers): SpanHandle;
  /** An upstream call's client span under `parent`, and the headers that carry it to the upstream. */
  client(
    name: string,
    attributes: SpanAttributes,
    parent: SpanHandle | undefined,
  ): { span: SpanHandle; headers: Record<string, string> };
};

const holder = processSingleton<{ current: Tracing | null }>("tracing", () => ({ current: null }));

export const tracing = (): Tracing | null => holder.current;

export function installTracing(t: Tracing): void {
  holder.current = t;
}
