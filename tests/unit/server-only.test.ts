// The key stays on the server by construction: a static scan of the source tree. vitest aliases
// "server-only" to an empty module, so no unit test would notice a missing marker; this reads the
// files themselves. Rules: the modules that hold the key (lib/config, the partner client) import
// "server-only", and so does every lib/ module whose imports reach them. That no browser module
// reaches them is the lint's to say: eslint.config.mjs states the import boundaries (browser code
// imports only lib/client, lib/swap, lib/schema and lib/i18n, which import nothing of the server).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/servers";

const roots = ["app", "components", "lib", "proxy.ts"];

function sourceFiles(path: string): string[] {
  const full = join(repoRoot, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return /\.(ts|tsx|mts)$/.test(path) ? [path] : [];
  return readdirSync(full).flatMap((name) => sourceFiles(join(path, name)));
}

const files = roots.flatMap(sourceFiles);
const text = new Map(files.map((f) => [f, readFileSync(join(repoRoot, f), "utf8")]));

/** Static imports and re-exports (not `import type`), resolved to repository paths. */
function importsOf(file: string): string[] {
  const source = text.get(file)!;
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\s+from\s+)?["']([^"']+)["']/gm),
  ].map((m) => m[1]!);
  return specifiers.flatMap((spec) => {
    let base: string;
    if (spec.startsWith("@/")) base = spec.slice(2);
    else if (spec.startsWith(".")) base = relative(repoRoot, resolve(repoRoot, dirname(file), spec));
    else return [];
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find((c) =>
      text.has(c),
    );
    return found ? [found] : [];
  });
}

const importsServerOnly = (file: string) => /^import\s+["']server-only["'];?\s*$/m.test(text.get(file)!);

/** The modules that hold the key or read the environment it comes from. */
const secretHolders = ["lib/config/index.ts", "lib/partner/client.ts"];

describe("server-only", () => {
  it("finds the source tree (the scan is not empty)", () => {
    expect(files.length).toBeGreaterThan(50);
    for (const holder of secretHolders) expect(text.has(holder), holder).toBe(true);
  });

  it("marks the modules that hold the key", () => {
    for (const holder of secretHolders) expect(importsServerOnly(holder), holder).toBe(true);
  });

  it("marks every lib/ module that imports lib/config or the partner client, directly or through other modules", () => {
    const reaches = (start: string): boolean => {
      const seen = new Set<string>([start]);
      const queue = [start];
      while (queue.length) {
        for (const next of importsOf(queue.shift()!)) {
          if (secretHolders.includes(next)) return true;
          if (!seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
      return false;
    };
    const importers = files.filter((f) => f.startsWith("lib/") && !secretHolders.includes(f) && reaches(f));
    expect(importers.length).toBeGreaterThan(10);
    const unmarked = importers.filter((f) => !importsServerOnly(f));
    expect(unmarked).toEqual([]);
  });
});
