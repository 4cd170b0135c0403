// The README stands alone and says true things: it points at nothing outside the repository, every
// file or folder it names exists, and the sandbox's catalogue is what it says.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSandbox } from "@/lib/sandbox/handler";
import { repoRoot } from "../support/servers";

const docs = ["README.md", "docs/api.md", "docs/upstream.md"].map((file) => ({ file, text: readFileSync(join(repoRoot, file), "utf8") }));

describe("the README and docs/", () => {
  it.each(docs)("$file points at nothing outside the repository", ({ text }) => {
    expect(text).not.toMatch(/shared\/|\.\.\/|spec\/|PUBLIC-FACTS|DESIGN\.md|STYLE\.md/);
  });

  it.each(docs)("$file names only files and folders that exist", ({ text }) => {
    const named = new Set<string>();
    for (const [, target] of text.matchAll(/\]\((?!https?:|#)([^)#]+)/g)) named.add(target!);
    for (const [, path] of text.matchAll(/`((?:app|lib|tests|docs|scripts|public|components)\/[^`\s*…{}]+)`/g)) named.add(path!);
    expect(named.size).toBeGreaterThan(0);
    const missing = [...named].filter((path) => !existsSync(join(repoRoot, path.replace(/^\//, ""))));
    expect(missing).toEqual([]);
  });
});

describe("the sandbox as the README describes it", () => {
  it("has 27 assets on 14 networks, USDT on five, and the memo networks XRP Ledger, Stellar, TON and Cosmos", async () => {
    const sandbox = createSandbox();
    const res = await sandbox.handle(new Request("http://sandbox.test/v1/asset", { headers: { "x-api-key": sandbox.options.apiKey } }));
    const { assets } = (await res.json()) as {
      assets: Array<{ symbol: string; network: string; requiresMemo: boolean; supportsMemo: boolean; canSend: boolean; canReceive: boolean }>;
    };
    expect(assets).toHaveLength(27);
    expect(new Set(assets.map((a) => a.network)).size).toBe(14);
    expect(assets.filter((a) => a.symbol === "USDT")).toHaveLength(5);
    expect([...new Set(assets.filter((a) => a.supportsMemo).map((a) => a.network))].sort()).toEqual(["cosmos", "stellar", "ton", "xrpl"]);
    expect(assets.some((a) => a.canSend && !a.canReceive)).toBe(true);
    expect(assets.some((a) => !a.canSend && a.canReceive)).toBe(true);
  });
});
