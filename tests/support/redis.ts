// A real redis-server for tests, on a free loopback port, with nothing written to disk. A machine
// without redis-server fails the test that needs it: it never skips silently.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { freePort } from "./servers";

export type RunningRedis = { url: string; port: number; stop: () => Promise<void> };

/** On `port` when given (a restart on the same address), else on a free one. */
export async function startRedis(port?: number): Promise<RunningRedis> {
  if (spawnSync("redis-server", ["--version"]).status !== 0) throw new Error("redis-server is not installed (apt-get install -y redis-server)");
  port ??= await freePort();
  const child: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
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
        });
      return { url: `redis://127.0.0.1:${port}`, port, stop };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill("SIGKILL");
  throw new Error("redis-server did not start");
}
