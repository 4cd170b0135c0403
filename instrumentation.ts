// Runs once when a Next.js server starts (`npm start`, `next start`, `next dev`): every variable is
// checked now, not at the first request, and a bad value stops the server with one line per
// variable that names it.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkConfigAtStart } = await import("@/lib/bff/start-check");
  checkConfigAtStart();
}
