// Per-process state. Next bundles route handlers, pages and proxy.ts separately, so a module-level
// `const cache = new Map()` can exist once per bundle in one process: the config, the store, the
// limiters and caches must not. Everything that lives as long as the process is held here, keyed by
// name on globalThis, and created on first use.
const registry = Symbol.for("swap-checkout.process-singletons");

type Registry = Map<string, unknown>;

function singletons(): Registry {
  const holder = globalThis as typeof globalThis & { [registry]?: Registry };
  holder[registry] ??= new Map();
  return holder[registry];
}

/** The one value under `key` in this process, made by `create` the first time it is asked for. */
export function processSingleton<T>(key: string, create: () => T): T {
  const all = singletons();
  if (!all.has(key)) all.set(key, create());
  return all.get(key) as T;
}

/** Forgets a singleton, so the next call creates it anew (tests, and a config that must be re-read). */
export function resetProcessSingleton(key: string): void {
  singletons().delete(key);
}
