// test:deploy's small helpers: failing and checking, the log line, commands (podman) that never
// block this process, HTTP to loopback, bounded waits and a free port.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../..", import.meta.url));

export function fail(message: string): never {
  throw new Error(message);
}

export function check(ok: unknown, message: string): asserts ok {
  if (!ok) fail(message);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function log(line: string) {
  console.log(`test:deploy: ${line}`);
}

/**
 * A command's output; throws with it when the command fails. Never blocks this process: the stack's
 * webhook receiver must answer while podman works (a receiver that answers late gets the event
 * again, as at-least-once delivery should).
 */
export function run(
  command: string,
  args: string[],
  options: { allowFail?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { encoding: "utf8", env: options.env ?? process.env, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        if (code !== 0 && !options.allowFail)
          reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${stderr}${stdout}`));
        else resolve({ code, out: code === 0 ? stdout : `${stdout}${stderr}` });
      },
    );
  });
}

type Answer = { status: number; headers: Headers; json: unknown };

export async function http(
  origin: string,
  pathname: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${origin}${pathname}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the message
  }
  return { status: res.status, headers: res.headers, json };
}

export function expectStatus(answer: Answer, status: number, what: string) {
  check(
    answer.status === status,
    `${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.json).slice(0, 400)}`,
  );
}

/** Resolves once `probe` is true, or throws after `ms`. */
export async function until(what: string, ms: number, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      if (await probe()) return Date.now() - started;
    } catch {
      // not yet
    }
    if (Date.now() - started > ms) fail(`${what}: not within ${ms / 1000} s`);
    await sleep(250);
  }
}

export const healthy = (origin: string) => () =>
  fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) })
    .then((res) => res.ok)
    .catch(() => false);
