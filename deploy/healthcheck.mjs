// The container's probe (the Dockerfile's HEALTHCHECK, compose.yaml's healthchecks): GET a URL and
// exit 0 on a 2xx within 3 s, 1 otherwise. The image has node, not curl or wget.
// Without an argument: /api/health on this container's own server, at the PORT and HOST that
// server/start.mjs listens on (every interface, the default, is reached on loopback).
const host = process.env.HOST?.trim().replace(/^\[|\]$/g, "") || "127.0.0.1";
const target = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
const url =
  process.argv[2] ?? `http://${target.includes(":") ? `[${target}]` : target}:${process.env.PORT || 3000}/api/health`;

try {
  const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
