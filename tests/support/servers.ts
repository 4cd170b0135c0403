// Real servers for tests: the standalone sandbox over HTTP (in this process) and the production
// app (`node server/start.mjs`, a child process) on free loopback ports.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createSandbox, type Sandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { serveHandler } from "@/lib/sandbox/serve";
import type { SandboxClock } from "@/lib/sandbox/clock";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type RunningSandbox = { origin: string; baseUrl: string; sandbox: Sandbox; close: () => Promise<void> };

/** The sandbox over real HTTP on a free port; `env` takes the same SANDBOX_* knobs as `npm run sandbox`. */
export async function startSandbox(env: Record<string, string> = {}, clock?: SandboxClock): Promise<RunningSandbox> {
  const sandbox = createSandbox(sandboxEnvSchema.parse(env), clock ? { clock } : {});
  const { origin, close } = await serveHandler(sandbox.handle);
  return { origin, baseUrl: `${origin}/v1`, sandbox, close };
}

export type RunningApp = {
  origin: string;
  pid: number;
  stop: () => Promise<void>;
  logs: () => string;
  /** Resolves with the exit code (null: killed by a signal). */
  exited: Promise<number | null>;
  signal: (name: NodeJS.Signals) => void;
};

/** How the production server is started: `npm start` (our front, server/start.mjs) or plain `next start`. */
/** "npm-start": our front, started as `npm start` starts it; "npm": `npm start` itself, npm and all
 * (as a process manager or a container's entry point runs it); "next-start": plain `next start`. */
export type Launcher = "npm-start" | "npm" | "next-start";

const launch = (launcher: Launcher, port: number): [command: string, args: string[]] =>
  launcher === "npm-start"
    ? [process.execPath, ["server/start.mjs"]]
    : launcher === "npm"
      ? ["npm", ["start", "--silent"]]
      : [process.execPath, ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)]];

/** The production build (run `npm run build` first) started with `env` on a free port, or on `env.PORT`. */
export async function startApp(env: Record<string, string> = {}, launcher: Launcher = "npm-start"): Promise<RunningApp> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // Each app its own ledger, removed when it stops, unless the test names one.
  const ledgerDir = env.LEDGER_DIR ? null : mkdtempSync(path.join(tmpdir(), "swap-app-ledger-"));
  if (ledgerDir) env = { LEDGER_DIR: ledgerDir, ...env };
  const [command, args] = launch(launcher, port);
  const child: ChildProcess = spawn(command, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", SANDBOX: "1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => {
        if (ledgerDir) rmSync(ledgerDir, { recursive: true, force: true });
        resolve();
      });
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 3_000).unref();
    });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited during startup:\n${output}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 30_000) {
      await stop();
      throw new Error(`the app did not start within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin, pid: child.pid!, stop, logs: () => output, exited, signal: (name) => void child.kill(name) };
}
