// Runs once when a Next.js server starts (`npm start`, `next start`, `next dev`):
// 1. every variable is checked now, not at the first request, and a bad value stops the server
//    with one line per variable that names it;
//    then logging takes LOG_LEVEL, and tracing starts when OTEL_EXPORTER_OTLP_ENDPOINT is set
//    (lib/observability/start.ts);
// 2. instances on one Redis compare their APP_SECRET (lib/bff/boot/secret-check.ts);
// 3. the ledger opens (migrations applied), so its backfill, sweeps and webhook deliveries go on
//    even before anyone opens a page; the embedded sandbox refuses a ledger of the real service's.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkConfigAtStart, openLedgerAtStart } = await import("@/lib/bff/boot/start-check");
  checkConfigAtStart();
  const { startObservability } = await import("@/lib/observability/start");
  await startObservability();
  const { watchAppSecret } = await import("@/lib/bff/boot/secret-check");
  watchAppSecret();
  await openLedgerAtStart();
}
