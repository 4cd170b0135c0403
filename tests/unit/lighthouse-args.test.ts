// `npm run lighthouse` refuses a setting it cannot honour before it builds the floor or starts a
// browser: a typo must not quietly measure with Lighthouse's defaults and be read as the asked-for run.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const tsx = join("node_modules", ".bin", "tsx");

function lighthouse(...args: string[]) {
  const run = spawnSync(tsx, ["scripts/lighthouse.ts", "http://127.0.0.1:9", ...args], {
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

describe("npm run lighthouse's settings", () => {
  it.each([
    ["--throttling=fast", '--throttling is simulate or devtools, not "fast"'],
    ["--cpu-slowdown=0", '--cpu-slowdown wants a positive number, not "0"'],
    ["--cpu-slowdown=six", '--cpu-slowdown wants a positive number, not "six"'],
  ])("refuses %s with exit 2 and says why", (arg, message) => {
    const { status, out } = lighthouse(arg);
    expect(out).toContain(message);
    expect(status).toBe(2);
  });
});
