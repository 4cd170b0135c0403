// The README's sandbox walk, exactly as written there: the first ```sh block after "A walk with
// curl", run by bash as one pasted script. It must start the sandbox itself, wait for it, and end
// with the swap completed and listed with its commission.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { freePort, repoRoot } from "../support/servers";

function walkFromReadme(): string {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  const from = readme.indexOf("A walk with curl");
  expect(from, "the README has its sandbox walk").toBeGreaterThan(0);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(from));
  expect(block, "the walk is a ```sh block").not.toBeNull();
  return block![1]!;
}

it("runs the README's curl walk verbatim to a completed swap with a commission", { timeout: 120_000 }, async () => {
  const script = walkFromReadme();
  expect(script).toContain("npm run sandbox");
  const port = await freePort();
  // Its own process group, so the sandbox it starts goes when the walk does, whatever happens.
  // The sandbox's clock runs 20 times faster here (SANDBOX_TIME_SCALE): the walk's own waits are
  // for events (listening, completed, listed), so they end as soon as those happen.
  const child = spawn("bash", ["-euo", "pipefail", "-c", script], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      SANDBOX_PORT: String(port),
      SANDBOX_STEP_SECONDS: "1",
      SANDBOX_SYNC_SECONDS: "1",
      SANDBOX_TIME_SCALE: "20",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => (err += c));
  const killAll = () => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  };
  const timer = setTimeout(killAll, 100_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearTimeout(timer);
  killAll();
  expect(code, `the walk failed:\n${out}\n${err}`).toBe(0);

  // The last line printed is the list of completed swaps; the one before it, the swap itself.
  const lines = out
    .trim()
    .split("\n")
    .filter((line) => line.startsWith("{"));
  const list = JSON.parse(lines.at(-1)!) as {
    swaps: Array<{ id: string; status: string; commission: { bps: number | null } }>;
  };
  const swap = JSON.parse(lines.at(-2)!) as { id: string; status: string };
  expect(swap.status).toBe("completed");
  const listed = list.swaps.find((s) => s.id === swap.id);
  expect(listed, out).toBeDefined();
  expect(listed!.status).toBe("completed");
  expect(listed!.commission.bps).toBeGreaterThan(0);
});
