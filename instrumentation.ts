// Runs once when the server starts: the ledger opens (migrations applied), so its backfill, sweeps
// and webhook deliveries go on even before anyone opens a page.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ledger } = await import("@/lib/ledger");
  await ledger().catch(() => {});
}
