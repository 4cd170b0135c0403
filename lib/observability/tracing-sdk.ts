// OpenTelemetry's SDK, loaded only when an OTLP endpoint is configured (lib/observability/start.ts):
// spans go in batches over OTLP/HTTP, as protobuf (the default) or JSON. No global tracer provider
// is registered, so Next.js's own spans (named by raw paths, duplicating ours) stay off; the BFF's
// request and upstream spans are made through lib/observability/tracing.ts.
import "server-only";
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span, type TextMapGetter } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { onShutdown } from "@/lib/shutdown";
import type { TracingSettings } from "./env";
import { installTracing, type SpanAttributes, type SpanHandle, type Tracing } from "./tracing";

const headerGetter: TextMapGetter<Headers> = {
  get: (headers, key) => headers.get(key) ?? undefined,
  keys: (headers) => [...headers.keys()],
};

export function startTracing(settings: TracingSettings): void {
  const exporter =
    settings.protocol === "http/json"
      ? new JsonExporter({ url: settings.url })
      : new ProtobufExporter({ url: settings.url });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ "service.name": settings.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer("swap-checkout");
  const propagator = new W3CTraceContextPropagator();
  const spans = new WeakMap<SpanHandle, Span>();

  const handle = (span: Span): SpanHandle => {
    const h: SpanHandle = {
      traceId: span.spanContext().traceId,
      set: (name, value) => void span.setAttribute(name, value),
      end: (errorType) => {
        if (errorType) {
          span.setAttribute("error.type", errorType);
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        span.end();
      },
    };
    spans.set(h, span);
    return h;
  };

  const t: Tracing = {
    server(name: string, attributes: SpanAttributes, headers: Headers) {
      // Most requests carry no traceparent: they start a trace without the propagator's parsing.
      const parent = headers.has("traceparent")
        ? propagator.extract(ROOT_CONTEXT, headers, headerGetter)
        : ROOT_CONTEXT;
      return handle(tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent));
    },
    client(name: string, attributes: SpanAttributes, parent: SpanHandle | undefined) {
      const parentSpan = parent && spans.get(parent);
      const span = tracer.startSpan(
        name,
        { kind: SpanKind.CLIENT, attributes },
        parentSpan ? trace.setSpan(ROOT_CONTEXT, parentSpan) : ROOT_CONTEXT,
      );
      const headers: Record<string, string> = {};
      propagator.inject(trace.setSpan(ROOT_CONTEXT, span), headers, {
        set: (carrier, key, value) => void (carrier[key] = value),
      });
      return { span: handle(span), headers };
    },
  };
  installTracing(t);
  // Spans still in the batch go out before the process ends.
  onShutdown("tracing", () => provider.shutdown());
}
