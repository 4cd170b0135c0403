// One request id per request: the caller's when it sent a sane one, else a new one. Plain
// JavaScript, shared by the `npm start` front (server/start.mjs) and the app (request-id.ts).

const saneRequestId = /^[A-Za-z0-9._:-]{8,128}$/;

/** A new request id of ours. */
export const mintRequestId = () => `req_${crypto.randomUUID().replaceAll("-", "")}`;

/**
 * @param {string | null | undefined} given the request's x-request-id header
 * @returns {string}
 */
export function requestIdFrom(given) {
  return given && saneRequestId.test(given) ? given : mintRequestId();
}
