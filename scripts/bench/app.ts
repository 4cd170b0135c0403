// The production build under test, started as `npm start` does (`node server/start.mjs`) on a free
// loopback port. Like tests/support/servers.ts startApp, but it notices an app that dies mid-run
// (by exit code or by signal) instead of waiting for it forever, and it says how it ended.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, repoRoot } from "../../tests/support/servers";

export type BenchApp = {
  origin: string;
  pid: number;
  stop: () => Promise<void>;
  logs: () => string;
  exited: () => string | null;
};

/** `cpus`: the CPUs the app may run on (taskset's list, such as "0"), so that a measure of it meets the same core every time. */
export async function startBff(env: Record<string, string>, { cpus }: { cpus?: string } = {}): Promise<BenchApp> {
  const port = await freePort();
  // A fresh ledger per run unless the caller names one.
  const ledgerDir = env.LEDGER_DIR ? null : mkdtempSync(path.join(tmpdir(), "swap-bench-ledger-"));
  if (ledgerDir) env = { LEDGER_DIR: ledgerDir, ...env };
  // taskset execs node in its own place, so the child's pid is the app's.
  const command = cpus ? ["taskset", "-c", cpus, process.execPath] : [process.execPath];
  const child = spawn(command[0]!, [...command.slice(1), "server/start.mjs"], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      SANDBOX: "1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let ended: string | null = null;
  let stopping = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      ended = signal ? `signal ${signal}` : `exit code ${code}`;
      if (ledgerDir) rmSync(ledgerDir, { recursive: true, force: true });
      if (!stopping)
        console.error(`[bench] the app ended by itself during the run (${ended}) at ${new Date().toISOString()}`);
      resolve();
    }),
  );
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 2_000_000) output = output.slice(-1_000_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    stopping = true;
    if (ended === null) {
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 3_000);
      await exit;
      clearTimeout(force);
    }
  };
  const started = Date.now();
  for (;;) {
    if (ended !== null) throw new Error(`the app ended during startup (${ended}):\n${output}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 60_000) {
      await stop();
      throw new Error(`the app did not start within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin, pid: child.pid!, stop, logs: () => output, exited: () => (stopping ? null : ended) };
}
