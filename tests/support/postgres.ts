// A real Postgres server for tests: Debian's postgresql 15, a throwaway cluster in a temp
// directory on a free loopback port, owned by the postgres user (the server refuses to run as
// root). Missing binaries fail the test run loudly: the ledger is never tested on one driver only.
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./servers";

const BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";

export type RunningPostgres = {
  url: string;
  stop: () => Promise<void>;
  /** Stops the server and keeps its data: an outage, ended by `resume`. */
  halt: () => void;
  resume: () => void;
  /** Stops the server's processes mid-work (SIGSTOP): a database that takes connections and never answers, ended by `thaw`. */
  freeze: () => void;
  thaw: () => void;
};

function asPostgres(command: string, args: string[]) {
  const root = process.getuid?.() === 0;
  const [file, argv] = root
    ? ["runuser", ["-u", "postgres", "--", path.join(BIN, command), ...args]]
    : [path.join(BIN, command), args];
  return execFileSync(file, argv, { stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 }).toString();
}

export async function startPostgres(): Promise<RunningPostgres> {
  if (!existsSync(path.join(BIN, "initdb")) || !existsSync(path.join(BIN, "pg_ctl"))) {
    throw new Error(
      `Postgres 15 is not installed (no initdb/pg_ctl in ${BIN}): apt-get install postgresql. The ledger's tests need a real server.`,
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), "ledger-pg-"));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const start = () =>
    asPostgres("pg_ctl", [
      "-D",
      data,
      "-w",
      "-l",
      path.join(dir, "log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      "start",
    ]);
  start();
  /** The postmaster and its backends, by signal: SIGSTOP holds every query where it is. */
  const signalAll = (signal: NodeJS.Signals) => {
    const postmaster = Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
    const children = execFileSync("pgrep", ["-P", String(postmaster)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean);
    for (const pid of [postmaster, ...children.map(Number)]) process.kill(pid, signal);
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: () => void asPostgres("pg_ctl", ["-D", data, "-w", "-m", "fast", "stop"]),
    resume: () => void start(),
    freeze: () => signalAll("SIGSTOP"),
    thaw: () => signalAll("SIGCONT"),
    stop: async () => {
      try {
        if (existsSync(path.join(data, "postmaster.pid")))
          asPostgres("pg_ctl", ["-D", data, "-w", "-m", "fast", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
