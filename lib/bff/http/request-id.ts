// One request id per request: the caller's when it sent a sane one, else a new one.
import { requestIdFrom } from "./sane-request-id.mjs";

export function requestIdOf(req: Request): string {
  return requestIdFrom(req.headers.get("x-request-id"));
}
