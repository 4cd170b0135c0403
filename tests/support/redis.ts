// A real redis-server for tests, on a free loopback port, with nothing written to disk. A machine
// without redis-server fails the test that needs it: it never skips silently.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { freePort } from "./servers";

export type RunningRedis = {
  url: string;
  port: number;
  stop: () => Promise<void>;
  /** SIGSTOP: the port still takes connections (the kernel's backlog) and nothing answers, as a Redis that hangs. */
  pause: () => void;
  /** SIGCONT: everything sent meanwhile is answered. */
  resume: () => void;
};

/** On `port` when given (a restart on the same address), else on a free one. */
export async function startRedis(port?: number): Promise<RunningRedis> {
  if (spawnSync("redis-server", ["--version"]).status !== 0)
    throw new Error("redis-server is not installed (apt-get install -y redis-server)");
  port ??= await freePort();
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  for (let i = 0; i < 100; i++) {
    if (
      spawnSync("redis-cli", ["-p", String(port), "ping"])
        .stdout?.toString()
        .includes("PONG")
    ) {
      const stop = () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
          // A paused server does not act on SIGTERM until it runs again.
          child.kill("SIGCONT");
        });
      const pause = () => void child.kill("SIGSTOP");
      const resume = () => void child.kill("SIGCONT");
      return { url: `redis://127.0.0.1:${port}`, port, stop, pause, resume };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill("SIGKILL");
  throw new Error("redis-server did not start");
}
