// Response helpers of the sandbox: the spec's JSON error shape and request ids.
import { errorCodeStatus, type ErrorCode } from "@/lib/schema/partner";

export class SandboxError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
    /** The HTTP status when it is not the code's own (413, 415: the spec has no code of their own). */
    readonly status: number = errorCodeStatus[code],
  ) {
    super(message);
  }
}

/**
 * The spec echoes the request's x-request-id without saying which values: any tracing id a client
 * may use (a W3C traceparent, a path-like or base64 id) is echoed, so the sandbox takes any visible
 * ASCII. Never echoed: a control character, a space, a tab or a non-ASCII byte (log lines, header
 * folding, charset guesses) or a value past 128 characters; such a request gets a generated id.
 */
const saneRequestId = /^[\x21-\x7e]{1,128}$/;

export function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id");
  if (given && saneRequestId.test(given)) return given;
  return `req_${randomHex(12)}`;
}

export function randomHex(bytes: number): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buf, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function json(body: unknown, requestId: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "x-request-id": requestId, ...headers },
  });
}

export function errorResponse(error: SandboxError, requestId: string): Response {
  return json(
    { error: { code: error.code, message: error.message, details: error.details }, requestId },
    requestId,
    error.status,
    error.headers,
  );
}
