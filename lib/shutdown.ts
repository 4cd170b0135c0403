// Work to finish before the process exits. The hooks are a process singleton ("shutdown-hooks"):
// modules register here, and `npm start` runs them all on SIGTERM (server/start.mjs, outside Next's
// bundles, finds the runner below in the same registry). Each hook runs once; one that throws does not stop the others.
import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import { log } from "@/lib/observability/log";

export type ShutdownHook = () => Promise<void> | void;

const hooks = () => processSingleton("shutdown-hooks", () => new Map<string, ShutdownHook>());

/** Registers (or replaces) the hook called `name`. */
export function onShutdown(name: string, hook: ShutdownHook): void {
  hooks().set(name, hook);
  // The runner sits in the registry too: server/start.mjs calls it, and keeps no copy of it.
  processSingleton("shutdown-run", () => runShutdownHooks);
}

/** Runs every registered hook at once and waits for them all. */
async function runShutdownHooks(): Promise<void> {
  const all = [...hooks().entries()];
  hooks().clear();
  await Promise.all(
    all.map(async ([name, hook]) => {
      try {
        await hook();
      } catch (error) {
        log().warn(`[shutdown] ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
}
