// Work to finish before the process exits. Next bundles route handlers separately from
// scripts/start.mjs, so the hooks live on globalThis under a Symbol.for key both sides can reach:
// modules register here, and `npm start` runs them all on SIGTERM (scripts/start.mjs reads the same
// key). Each hook runs once; a hook that throws does not stop the others.
const key = Symbol.for("swap-checkout.shutdown-hooks");

export type ShutdownHook = () => Promise<void> | void;

function hooks(): Map<string, ShutdownHook> {
  const holder = globalThis as typeof globalThis & { [key]?: Map<string, ShutdownHook> };
  holder[key] ??= new Map();
  return holder[key];
}

/** Registers (or replaces) the hook called `name`. */
export function onShutdown(name: string, hook: ShutdownHook): void {
  hooks().set(name, hook);
}

/** Runs every registered hook at once and waits for them all. */
export async function runShutdownHooks(): Promise<void> {
  const all = [...hooks().entries()];
  hooks().clear();
  await Promise.all(
    all.map(async ([name, hook]) => {
      try {
        await hook();
      } catch (error) {
        console.warn(`[shutdown] ${name} failed`, error instanceof Error ? error.message : error);
      }
    }),
  );
}
