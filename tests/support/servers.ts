// Real servers for tests: the standalone sandbox over HTTP (in this process) and the production
// app (`node server/start.mjs`, a child process) on free loopback ports.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { get } from "node:http";
import { freePort } from "./free-port";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createSandbox, type Sandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { serveHandler } from "@/lib/sandbox/serve";
import type { SandboxClock } from "@/lib/sandbox/clock";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const execFileAsync = promisify(execFile);

export { freePort };

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

// Apps still running when the test process exits (a test that timed out while one started, say)
// are killed, instead of living on as orphans that load the machine for every test after.
const running = new Map<ChildProcess, string | null>();
process.once("exit", () => {
  for (const [child, ledgerDir] of running) {
    child.kill("SIGKILL");
    if (ledgerDir) rmSync(ledgerDir, { recursive: true, force: true });
  }
});

/** How the production server is started: `npm start` (our front, server/start.mjs) or plain `next start`. */
/** "npm-start": our front, started as `npm start` starts it; "npm": `npm start` itself, npm and all
 * (as a process manager or a container's entry point runs it); "next-start": plain `next start`. */
export type Launcher = "npm-start" | "npm" | "next-start";

// The embedded ledger's WebAssembly (PGlite) stays on V8's baseline compiler: TurboFan's background
// compiles of it were half of what an app start cost (3.0 CPU-seconds, 1.5 with this), for code a
// test's app runs for seconds. The same Postgres either way: the tiers differ in speed, not results.
// The BFF phase of `npm test` took 203 s instead of 242 (docs/testing.md).
const NODE_FLAGS = ["--liftoff-only"];

const launch = (launcher: Launcher, port: number): [command: string, args: string[]] =>
  launcher === "npm-start"
    ? [process.execPath, [...NODE_FLAGS, "server/start.mjs"]]
    : launcher === "npm"
      ? ["npm", ["start", "--silent"]]
      : [
          process.execPath,
          [...NODE_FLAGS, "node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)],
        ];

/** The production build (run `npm run build` first) started with `env` on a free port, or on `env.PORT`. */
export async function startApp(
  env: Record<string, string> = {},
  launcher: Launcher = "npm-start",
): Promise<RunningApp> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAppOnce(env, launcher);
    } catch (error) {
      // The free port was taken between our pick and the app's listen (another process's server or
      // outgoing connection; more likely with the BFF and browser tests side by side): pick again.
      if (env.PORT || attempt === 3 || !(error instanceof PortTaken)) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startAppOnce(env: Record<string, string>, launcher: Launcher): Promise<RunningApp> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // Each app its own ledger (empty, migrated), removed when it stops, unless the test names one.
  // A named one that is an empty folder (a test's mkdtemp) starts as that same empty ledger. Not
  // with DATABASE_URL (the ledger is there), nor REDIS_URL alone (no ledger: lib/ledger/index.ts).
  const ledgerDir = env.LEDGER_DIR ? null : mkdtempSync(path.join(tmpdir(), "swap-app-ledger-"));
  if (ledgerDir) env = { LEDGER_DIR: ledgerDir, ...env };
  const embedded = !env.DATABASE_URL && !env.REDIS_URL;
  const ledger = env.LEDGER_DIR!;
  if (embedded && existsSync(ledger) && readdirSync(ledger).length === 0)
    cpSync(await ledgerTemplate(), ledger, { recursive: true });
  const [command, args] = launch(launcher, port);
  const child: ChildProcess = spawn(command, args, {
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
  running.set(child, ledgerDir);
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // The ledger made for it goes with it, however it ends: stopped here, or killed by its test.
  child.once("exit", () => {
    running.delete(child);
    if (ledgerDir) rmSync(ledgerDir, { recursive: true, force: true });
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 3_000).unref();
    });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      const message = `the app exited during startup:\n${output}`;
      throw /cannot listen on port \d+: EADDRINUSE/.test(output) ? new PortTaken(message) : new Error(message);
    }
    // An answer on its way is waited for (the first request loads the route, slowly on a busy machine).
    if (await healthy(origin, 30_000)) break;
    if (Date.now() - started > 30_000) {
      await stop();
      throw new Error(`the app did not start within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin, pid: child.pid!, stop, logs: () => output, exited, signal: (name) => void child.kill(name) };
}

/**
 * One GET /api/health: true on a 200. On a connection of its own that closes after the answer (a
 * pooled keep-alive one, as fetch leaves, makes the app's graceful stop wait a second for it).
 */
function healthy(origin: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    // A PORT the app will refuse ("notaport") makes no URL: the app's exit tells the rest.
    if (!URL.canParse(origin)) return resolve(false);
    const req = get(`${origin}/api/health`, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode === 200));
      res.on("error", () => resolve(false));
    });
    req.setTimeout(timeoutMs, () => req.destroy());
    req.on("error", () => resolve(false));
  });
}

/**
 * An empty ledger with every migration applied, made once and copied for each app. A PGlite database
 * made from nothing (initdb, then the migrations) cost an app's start about 10 s of CPU of its 12;
 * opening a copy costs about 1 s. Kept in the temp folder under a name that says what it is made of
 * (the migrations, PGlite's and drizzle's versions), so test files and runs share it; the app still
 * applies any migration it lacks, as on a real start.
 */
let template: Promise<string> | undefined;
function ledgerTemplate(): Promise<string> {
  template ??= (async () => {
    const migrations = path.join(repoRoot, "lib/ledger/migrations");
    const hash = createHash("sha256");
    for (const pkg of ["@electric-sql/pglite", "drizzle-orm"])
      hash.update(readFileSync(path.join(repoRoot, "node_modules", pkg, "package.json")));
    for (const file of readdirSync(migrations, { recursive: true, encoding: "utf8" }).sort()) {
      const full = path.join(migrations, file);
      if (file.endsWith(".sql") || file.endsWith(".json")) hash.update(file).update(readFileSync(full));
    }
    const dir = path.join(tmpdir(), `swap-test-ledger-${hash.digest("hex").slice(0, 16)}`);
    if (existsSync(dir)) return dir;
    // Made aside and renamed into place, so a copy never starts from half of one.
    const work = mkdtempSync(path.join(tmpdir(), "swap-test-ledger-making-"));
    try {
      // In a process of its own, so that it works under Playwright too (make-ledger.ts says why).
      const tsx = path.join(repoRoot, "node_modules", ".bin", "tsx");
      const maker = path.join(repoRoot, "tests", "support", "make-ledger.ts");
      await execFileAsync(tsx, ["--conditions=react-server", maker, path.join(work, "ledger")], {
        cwd: repoRoot,
      }).catch((error: { stderr?: string }) => {
        throw new Error(`the test ledger's template could not be made:\n${error.stderr ?? String(error)}`);
      });
      try {
        renameSync(path.join(work, "ledger"), dir);
      } catch (error) {
        // Another test process made it first.
        if (!existsSync(dir)) throw error;
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    return dir;
  })();
  return template;
}

/**
 * A server's output as people read it: the `msg` of each JSON log line (lib/observability), any
 * other line as it is.
 */
export function logMessages(output: string): string {
  return output
    .split("\n")
    .map((line) => {
      if (!line.startsWith("{")) return line;
      try {
        const parsed = JSON.parse(line) as { msg?: unknown };
        return typeof parsed.msg === "string" ? parsed.msg : line;
      } catch {
        return line;
      }
    })
    .join("\n");
}
