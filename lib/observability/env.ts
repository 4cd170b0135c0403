// The variables of metrics, traces and logs, as part of the app's one environment schema
// (lib/config/schema.ts). The OTEL_* names are OpenTelemetry's own; only the HTTP protocols are served.
import { z } from "zod";

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const otlpUrl = optional.pipe(
  z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// address, such as http://127.0.0.1:4318" })
    .optional(),
);

const otlpProtocol = optional.pipe(
  z
    .enum(["http/protobuf", "http/json"], {
      error: "must be http/protobuf or http/json (OTLP over gRPC is not supported)",
    })
    .optional(),
);

export const observabilityEnv = {
  /** Opens GET /api/metrics to `Authorization: Bearer <token>`; unset, the route is 404. */
  METRICS_TOKEN: optional.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  LOG_LEVEL: optional.pipe(
    z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
  ),
  /** The OTLP base address; traces go to `<it>/v1/traces`. Unset (and no traces endpoint): no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl,
  /** The traces address as is (wins over the base address). */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrl,
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol,
  OTEL_SERVICE_NAME: optional.pipe(z.string().max(200).default("swap-checkout")),
  /** OpenTelemetry's switch: `true` turns tracing off whatever else is set. */
  OTEL_SDK_DISABLED: optional.pipe(
    z
      .enum(["true", "false"], { error: "must be true or false" })
      .optional()
      .transform((v) => v === "true"),
  ),
};

export type TracingSettings = { url: string; protocol: "http/protobuf" | "http/json"; serviceName: string };

type ObservabilityEnv = z.output<z.ZodObject<typeof observabilityEnv>>;

/** Where and how traces go, or null when tracing is off (no endpoint, or OTEL_SDK_DISABLED=true). */
export function tracingSettings(env: ObservabilityEnv): TracingSettings | null {
  if (env.OTEL_SDK_DISABLED) return null;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const url = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base.replace(/\/+$/, "")}/v1/traces` : undefined);
  if (!url) return null;
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf";
  return { url, protocol, serviceName: env.OTEL_SERVICE_NAME };
}
