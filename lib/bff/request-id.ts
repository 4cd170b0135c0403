// One request id per request: the caller's when it sent a sane one, else a new one.
const saneRequestId = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && saneRequestId.test(given) ? given : `req_${crypto.randomUUID().replaceAll("-", "")}`;
}
