// The BFF tests' raw HTTP client (exact bytes, any header, any local address), the error-shape check, and a pool.
import { request as httpRequest } from "node:http";
import { expect } from "vitest";
import { bffErrorBodySchema } from "@/lib/schema/bff";

export type HttpResult = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** One header, lowercase name; repeated values joined with ", ". */
  header: (name: string) => string | undefined;
  text: string;
  /** The body as JSON, or undefined when it is not JSON. */
  json: unknown;
  /** Everything a reader of the answer sees: status line, headers and body. */
  raw: string;
};

export type CallOptions = {
  method?: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON (with content-type application/json unless headers set one). */
  body?: string | Buffer | Uint8Array | object;
  /** Source address of the connection: 127.0.0.x is a different client on loopback. */
  localAddress?: string;
  timeoutMs?: number;
};

/** One HTTP request with node:http, so bodies, header values and paths go out exactly as given. */
export function call(origin: string, path: string, options: CallOptions = {}): Promise<HttpResult> {
  const url = new URL(origin);
  const headers: Record<string, string> = { ...options.headers };
  let body: Buffer | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === "string") body = Buffer.from(options.body, "utf8");
    else if (options.body instanceof Uint8Array) body = Buffer.from(options.body);
    else {
      body = Buffer.from(JSON.stringify(options.body), "utf8");
      if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
        headers["content-type"] = "application/json";
    }
  }
  const has = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name);
  // node:http sends a GET/DELETE/OPTIONS body with no framing at all unless told its length.
  if (body && !has("content-length") && !has("transfer-encoding")) headers["content-length"] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? (body ? "POST" : "GET"),
        path,
        headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = text === "" ? undefined : JSON.parse(text);
          } catch {
            json = undefined;
          }
          const header = (name: string) => {
            const v = res.headers[name.toLowerCase()];
            return Array.isArray(v) ? v.join(", ") : v;
          };
          const raw = [
            `HTTP ${res.statusCode}`,
            ...res.rawHeaders.map((h, i) => (i % 2 ? `${h}\n` : `${h}: `)),
            text,
          ].join("");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, header, text, json, raw });
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () =>
      req.destroy(new Error(`${options.method ?? "GET"} ${path} timed out`)),
    );
    req.on("error", reject);
    req.end(body);
  });
}

export const postJson = (
  origin: string,
  path: string,
  body: unknown,
  options: Omit<CallOptions, "body" | "method"> = {},
) =>
  call(origin, path, {
    ...options,
    method: "POST",
    body: typeof body === "string" ? body : Buffer.from(JSON.stringify(body)),
    headers: { "content-type": "application/json", ...options.headers },
  });

/** The BFF's error shape exactly: `{ error: { code, message, details }, requestId }`, requestId = header. */
export function expectError(res: HttpResult, status: number, code: string) {
  const context = `${res.raw.slice(0, 2000)}`;
  expect(res.status, context).toBe(status);
  expect(res.header("content-type"), context).toMatch(/^application\/json/);
  expectErrorShape(res);
  expect((res.json as { error: { code: string } }).error.code, context).toBe(code);
  return res.json as { error: { code: string; message: string; details: Record<string, unknown> }; requestId: string };
}

/** Exactly the error shape, with a message for people and the request id of the header. */
export function expectErrorShape(res: HttpResult) {
  const context = `${res.raw.slice(0, 2000)}`;
  const body = res.json as Record<string, unknown> | undefined;
  expect(body, context).toBeTypeOf("object");
  expect(Object.keys(body!).sort(), context).toEqual(["error", "requestId"]);
  expect(Object.keys(body!.error as object).sort(), context).toEqual(["code", "details", "message"]);
  const parsed = bffErrorBodySchema.safeParse(body);
  expect(parsed.success, context).toBe(true);
  const { error, requestId } = parsed.data!;
  expect(error.message.length, context).toBeGreaterThan(0);
  expect(error.message, context).not.toMatch(/\bat .+:\d+:\d+|Error:|stack/);
  expect(requestId, context).toBe(res.header("x-request-id"));
}

/** Runs `tasks` with at most `limit` in flight. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!, index);
      }
    }),
  );
  return results;
}
