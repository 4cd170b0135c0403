// Observability at server start (instrumentation.ts): the logger takes LOG_LEVEL and the secrets
// it must redact, and tracing starts when an OTLP endpoint is configured. Without one,
// OpenTelemetry's SDK is never even loaded.
import "server-only";
import { config } from "@/lib/config";
import { tracingSettings } from "./env";
import { log } from "./log";
import { metrics } from "./metrics";

export async function startObservability(): Promise<void> {
  const c = config();
  log();
  // The process metrics count from start, not from the first scrape.
  metrics();
  const settings = tracingSettings(c);
  if (!settings) return;
  const { startTracing } = await import("./tracing-sdk");
  startTracing(settings);
  log().info(
    `[observability] traces go to ${new URL(settings.url).origin} over OTLP ${settings.protocol} as ${settings.serviceName}`,
  );
}
