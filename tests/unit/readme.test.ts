// The README and docs/ stand alone and say true things: they point at nothing outside the repository,
// every file or folder they name exists, every link between them lands on a page (and a heading),
// every environment variable they name is one the code reads, and the README's diagram is the
// architecture page's. The comments in the source name only files that exist, too. And the
// sandbox's catalogue is what docs/sandbox.md says.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { appEnvSchema } from "@/lib/config/schema";
import { createSandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { repoRoot } from "../support/servers";

/** Every file under `dir` (relative to the repository) whose name passes `keep`. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const full = join(repoRoot, path);
    if (statSync(full).isDirectory()) for (const name of readdirSync(full)) visit(join(path, name));
    else if (keep(path)) found.push(path);
  };
  visit(dir);
  return found.sort();
}

const read = (file: string) => readFileSync(join(repoRoot, file), "utf8");
const docs = ["README.md", ...filesUnder("docs", (name) => name.endsWith(".md"))].map((file) => ({
  file,
  text: read(file),
}));

/** The text outside fenced code blocks (headings and inline code live there). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, "");

/**
 * Repository paths a text names, as written from the repository's root: `lib/bff/status/read.ts`,
 * `docs/`, `app/swap/[id]`. A glob or a route parameter (`lib/bff/*`, `app/api/v1/swap/{id}`) names
 * the folder before it.
 */
function repoPaths(text: string): string[] {
  const paths: string[] = [];
  for (const [token] of text.matchAll(
    /(?<![\w./@:-])(?:app|lib|tests|docs|scripts|server|public|components|\.ci)\/[\w.[\]/*{}-]*/g,
  )) {
    const glob = token.search(/[*{]/);
    let path = glob === -1 ? token.replace(/[^\w\]]+$/, "") : token.slice(0, token.lastIndexOf("/", glob));
    // A link's text ends with "]": not part of the path unless it closes a route segment ([id]).
    while (path.endsWith("]") && path.split("[").length < path.split("]").length)
      path = path.slice(0, -1).replace(/[^\w\]]+$/, "");
    if (path) paths.push(path);
  }
  return paths;
}

/** GitHub's anchors for a page's headings. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n === 0 ? base : `${base}-${n}`);
  }
  return result;
}

/** Markdown links to files of the repository: [text](target#anchor), resolved from the page's folder. */
function localLinks(file: string, text: string) {
  return [...prose(text).matchAll(/\]\((?!https?:|mailto:)([^)\s]*)\)/g)].map(([, target]) => {
    const [path = "", anchor] = target!.split("#");
    return { target: target!, file: path ? relative(repoRoot, resolve(repoRoot, dirname(file), path)) : file, anchor };
  });
}

/** Environment variables a code file reads, or sets for a process it starts. */
function variablesIn(code: string): string[] {
  const names = [
    ...code.matchAll(/process\.env(?:\.|\[["'])([A-Z][A-Z0-9_]*)/g),
    // Keys of env schemas and of env objects handed to child processes ({ SANDBOX_PORT: ... }).
    ...code.matchAll(/(?:^\s*|[{,]\s*)([A-Z][A-Z0-9_]+)\s*:/gm),
    // Shell: `export NAME=...`, `NAME=... command`.
    ...code.matchAll(/(?:^|[\s;(])([A-Z][A-Z0-9_]*)=/gm),
  ];
  return names.map(([, name]) => name!);
}

const knownVariables = new Set([
  ...Object.keys(appEnvSchema.shape),
  ...Object.keys(sandboxEnvSchema.in.shape),
  ...["lib", "scripts", "server", "tests", ".ci"].flatMap((dir) =>
    filesUnder(dir, (name) => /\.(ts|mts|mjs|sh)$|\/run$/.test(name)).flatMap((f) => variablesIn(read(f))),
  ),
  ...["playwright.config.ts", "vitest.config.mts", "next.config.ts", "instrumentation.ts", "proxy.ts"].flatMap((f) =>
    variablesIn(read(f)),
  ),
]);
/** Upper-case names in the docs that are not variables: Stellar's memo types. */
const notVariables = new Set(["MEMO_ID", "MEMO_TEXT"]);

/** Variables a text names in inline code: `APP_SECRET`, `SANDBOX=1`, `HOST=127.0.0.1`. */
function variablesNamed(text: string): string[] {
  const names: string[] = [];
  for (const [, code] of prose(text).matchAll(/`([^`\n]+)`/g)) {
    for (const [name] of code!.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)) names.push(name);
    for (const [, name] of code!.matchAll(/(?:^|\s)([A-Z][A-Z0-9_]*)=/g)) names.push(name!);
  }
  return names.filter((name) => !notVariables.has(name));
}

describe("the README and docs/", () => {
  it("are all read, and name paths the checks below can test", () => {
    expect(docs.map((d) => d.file)).toEqual(
      expect.arrayContaining([
        "README.md",
        "docs/architecture.md",
        "docs/configuration.md",
        "docs/decisions/node-http-production-front.md",
      ]),
    );
    expect(docs.flatMap(({ text }) => repoPaths(text)).length).toBeGreaterThan(100);
  });

  it.each(docs)("$file points at nothing outside the repository", ({ file, text }) => {
    expect(text).not.toMatch(/shared\/|spec\/|PUBLIC-FACTS|DESIGN\.md|STYLE\.md/);
    const outside = localLinks(file, text).filter((link) => link.file.startsWith(".."));
    expect(outside).toEqual([]);
  });

  it.each(docs)("$file names only files and folders that exist", ({ file, text }) => {
    const named = new Set([...repoPaths(text), ...localLinks(file, text).map((link) => link.file)]);
    expect([...named].filter((path) => !existsSync(join(repoRoot, path)))).toEqual([]);
  });

  it.each(docs)("$file links only to headings that exist", ({ file, text }) => {
    const broken = localLinks(file, text)
      .filter((link) => link.anchor !== undefined && link.file.endsWith(".md") && existsSync(join(repoRoot, link.file)))
      .filter((link) => !anchors(read(link.file)).has(link.anchor!))
      .map((link) => link.target);
    expect(broken).toEqual([]);
  });

  it.each(docs)("$file names only environment variables the code reads", ({ text }) => {
    expect(variablesNamed(text).filter((name) => !knownVariables.has(name))).toEqual([]);
  });

  it("show the same architecture diagram in the README and docs/architecture.md", () => {
    const diagram = (text: string) => /^```\n( browser ──► proxy\.ts[\s\S]*?)^```/m.exec(text)?.[1];
    expect(diagram(read("README.md"))).toBeDefined();
    expect(diagram(read("README.md"))).toBe(diagram(read("docs/architecture.md")));
  });

  it("would notice a missing file, a broken anchor and an unknown variable (the checks above can fail)", () => {
    expect(repoPaths("see `lib/bff/no-such-module.ts` and lib/bff/*")).toEqual([
      "lib/bff/no-such-module.ts",
      "lib/bff",
    ]);
    expect(
      anchors("# Scale: one key's 120 requests a minute\n## `processSingleton` and brand guards").has(
        "processsingleton-and-brand-guards",
      ),
    ).toBe(true);
    expect(
      variablesNamed("set `APP_SECRETS` and `HOST=127.0.0.1`").filter((name) => !knownVariables.has(name)),
    ).toEqual(["APP_SECRETS"]);
  });
});

describe("the comments in the source", () => {
  const sources = [
    ...["lib", "app", "components", "scripts", "server"].flatMap((dir) =>
      filesUnder(dir, (name) => /\.(ts|tsx|mts|mjs|sh)$/.test(name) && !name.includes(".generated.")),
    ),
    "proxy.ts",
    "instrumentation.ts",
  ];
  /** The comments of a file: `// …` (not inside a URL), `/* … *\/`, and a shell script's `# …`. */
  const comments = (file: string, code: string) =>
    file.endsWith(".sh")
      ? [...code.matchAll(/^\s*#(.*)$/gm)].map(([, c]) => c!)
      : [...code.matchAll(/(?:^|[^:])\/\/(.*)$/gm), ...code.matchAll(/\/\*([\s\S]*?)\*\//g)].map(([, c]) => c!);

  it("are read from the whole source tree, and name paths", () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.flatMap((file) => comments(file, read(file)).flatMap(repoPaths)).length).toBeGreaterThan(40);
  });

  it("name only files and folders that exist", () => {
    const missing = sources.flatMap((file) =>
      comments(file, read(file))
        .flatMap(repoPaths)
        .filter((path) => !existsSync(join(repoRoot, path)))
        .map((path) => `${file}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});

describe("the sandbox as docs/sandbox.md describes it", () => {
  it("has 27 assets on 14 networks, USDT on five, and the memo networks XRP Ledger, Stellar, TON and Cosmos", async () => {
    expect(read("docs/sandbox.md").replace(/\s+/g, " ")).toContain(
      "27 assets on 14 networks: USDT on five of them; the memo networks XRP Ledger, Stellar, TON and Cosmos",
    );
    const sandbox = createSandbox();
    const res = await sandbox.handle(
      new Request("http://sandbox.test/v1/asset", { headers: { "x-api-key": sandbox.options.apiKey } }),
    );
    const { assets } = (await res.json()) as {
      assets: Array<{
        symbol: string;
        network: string;
        requiresMemo: boolean;
        supportsMemo: boolean;
        canSend: boolean;
        canReceive: boolean;
      }>;
    };
    expect(assets).toHaveLength(27);
    expect(new Set(assets.map((a) => a.network)).size).toBe(14);
    expect(assets.filter((a) => a.symbol === "USDT")).toHaveLength(5);
    expect([...new Set(assets.filter((a) => a.supportsMemo).map((a) => a.network))].sort()).toEqual([
      "cosmos",
      "stellar",
      "ton",
      "xrpl",
    ]);
    expect(assets.some((a) => a.canSend && !a.canReceive)).toBe(true);
    expect(assets.some((a) => !a.canSend && a.canReceive)).toBe(true);
  });
});
