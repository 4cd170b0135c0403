// A small keep-alive HTTP client for the simulated browsers (node:http, loopback only). Every
// browser gets its own connection when it needs one, as real browsers would.
import { Agent, request } from "node:http";

export type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
  error?: string;
};

export function createClient({ maxSockets = 4096, timeoutMs = 40_000 } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets, maxFreeSockets: 512 });
  let inflight = 0;

  function send(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> {
    const started = performance.now();
    inflight++;
    return new Promise<Answer>((resolve) => {
      const headers: Record<string, string> = { accept: "application/json", ...init.headers };
      if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
      const req = request(url, { method: init.method ?? "GET", headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - started,
          }),
        );
        res.on("error", (error) =>
          resolve({ status: 0, headers: {}, body: "", ms: performance.now() - started, error: error.message }),
        );
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error("timeout")));
      // Network failures and timeouts are answers too (status 0): the browser shows what it had.
      req.on("error", (error) =>
        resolve({ status: 0, headers: {}, body: "", ms: performance.now() - started, error: error.message }),
      );
      req.end(init.body);
    }).finally(() => {
      inflight--;
    });
  }

  return { send, inflight: () => inflight, close: () => agent.destroy() };
}

export const header = (answer: Answer, name: string): string | undefined => {
  const value = answer.headers[name];
  return Array.isArray(value) ? value[0] : value;
};
