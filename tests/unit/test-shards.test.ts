// `npm test -- --shard=K/N`, as a partner's CI runs it on N machines: part K passes its share to
// every runner, only part 1 runs lint, the type check and the image, and a wrong part is refused
// before anything runs. The BFF's tests run beside the browser's, and either one failing fails it.
// The runners are stand-ins here (they print what they were asked); that the parts of each runner
// together cover every test once is the runners' own sharding.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const bin = mkdtempSync(join(tmpdir(), "test-shards-"));
const calls = join(bin, "calls.log");
for (const name of ["npm", "npx"]) {
  // A runner whose arguments contain $FAIL fails, as a suite with a failing test does.
  writeFileSync(
    join(bin, name),
    `#!/bin/sh\necho "${name} $*" >> "${calls}"\ncase "$*" in *"\${FAIL:-no such}"*) echo "${name} failed: $*"; exit 1 ;; esac\n`,
  );
  chmodSync(join(bin, name), 0o755);
}
afterAll(() => rmSync(bin, { recursive: true, force: true }));

function npmTest(args: string[], env: Record<string, string> = {}) {
  writeFileSync(calls, "");
  const run = spawnSync("bash", ["scripts/test.sh", ...args], {
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, ...env },
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status: run.status, out: run.stdout + run.stderr, calls: readFileSync(calls, "utf8").trim().split("\n") };
}

describe("npm test -- --shard=K/N", () => {
  it("gives part 2 of 3 its share of every suite, after one build, without lint or the image", () => {
    const { status, out, calls } = npmTest(["--shard=2/3"]);
    expect(status, out).toBe(0);
    expect(out).toContain("== part 2/3 of the tests");
    expect(calls.slice(0, 2)).toEqual([
      "npx vitest run --project unit --project contract --project ledger --shard=2/3 --passWithNoTests",
      "npx next build",
    ]);
    // Side by side: either may start first.
    expect(calls.slice(2).sort()).toEqual([
      "npx playwright test --shard=2/3 --pass-with-no-tests",
      "npx vitest run --project bff --shard=2/3 --passWithNoTests",
    ]);
  });

  it("takes the part from TEST_SHARD too", () => {
    const { status, calls } = npmTest([], { TEST_SHARD: "3/3" });
    expect(status).toBe(0);
    expect(calls).toContain("npx playwright test --shard=3/3 --pass-with-no-tests");
    expect(calls).toContain("npx vitest run --project bff --shard=3/3 --passWithNoTests");
  });

  it.each([["--project bff"], ["playwright test"]])(
    "fails when the suite run as '%s' fails, after both side-by-side suites ran and printed",
    (failing) => {
      const { status, out, calls } = npmTest(["--shard=2/3"], { FAIL: failing });
      expect(status, out).toBe(1);
      expect(calls).toHaveLength(4);
      expect(out).toContain(`npx failed: ${calls.find((call) => call.includes(failing))!.slice(4)}`);
      expect(out).toContain("== BFF tests over HTTP, run beside the browser tests");
    },
  );

  it.each([["--shard=0/3"], ["--shard=4/3"], ["--shard=2"], ["--shard=a/b"], ["--shards=1/2"], ["extra"]])(
    "refuses %s with exit 2 and a line that says why, before running anything",
    (arg) => {
      const { status, out, calls } = npmTest([arg]);
      expect(status).toBe(2);
      expect(out).toMatch(/^npm test: .*(K\/N|--shard=K\/N)/m);
      expect(calls).toEqual([""]);
    },
  );
});
