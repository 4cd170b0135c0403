// The process's one logger (pino): one JSON object a line, with `level`, `time` and `msg`. Every
// line passes the key redaction as written, whatever field holds the text; a request's lines carry
// its `requestId` (and `swapId`, `traceId`) from the request context below, without being passed it.
// Plain JavaScript: `npm start`'s front (server/start.mjs) uses it before Next loads, and the
// app's bundles (lib/observability/log.ts) reach the same one through the process-singleton registry.
import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import pino from "pino";

/** Anything shaped like a partner key, ours or not (lib/bff/http/errors.ts redacts the same shape). */
const KEY_SHAPED = /lsk_(live|test)_[A-Za-z0-9_-]+/g;
const REDACTED = "[redacted]";
/** Shorter secrets are not looked for: a common word would be cut out of every line. */
const MIN_SECRET_LENGTH = 8;

// lib/process-singleton.ts's registry: one logger per process, however many bundles load this file.
const REGISTRY = Symbol.for("swap-checkout.process-singletons");

function singleton(key, create) {
  globalThis[REGISTRY] ??= new Map();
  const all = globalThis[REGISTRY];
  if (!all.has(key)) all.set(key, create());
  return all.get(key);
}

/** A secret as it could be written: plain, JSON-escaped, base64, base64url, hex, percent-encoded. */
function formsOf(secret) {
  const bytes = Buffer.from(secret);
  const forms = [
    secret,
    JSON.stringify(secret).slice(1, -1),
    bytes.toString("base64").replace(/=+$/, ""),
    bytes.toString("base64url"),
    bytes.toString("hex"),
    encodeURIComponent(secret),
  ];
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/** `npm run dev`: a short line for people instead of JSON. */
const forPeople = {
  write(line) {
    const { level, time, msg, pid: _pid, hostname: _hostname, ...rest } = JSON.parse(line);
    const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : "";
    process.stdout.write(
      `${String(time).slice(11, 23)} ${String(level).toUpperCase().padEnd(5)} ${msg ?? ""}${extra}\n`,
    );
  },
};

function create(pretty) {
  const state = { secrets: [], context: new AsyncLocalStorage() };
  const redact = (line) => {
    let out = line;
    for (const form of state.secrets) if (out.includes(form)) out = out.replaceAll(form, REDACTED);
    return out.replace(KEY_SHAPED, REDACTED);
  };
  const logger = pino(
    {
      level: "info",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // A copy: pino merges the call's own fields into what this returns.
      mixin: () => ({ ...state.context.getStore()?.log }),
      hooks: { streamWrite: redact },
    },
    // process.stdout writes to a pipe or file synchronously on Linux: lines never interleave.
    pretty ? forPeople : process.stdout,
  );
  return { logger, state };
}

/** The process's logger; `pretty` only counts for the call that creates it. */
export function processLogger(options = {}) {
  return singleton("logger", () => create(options.pretty === true)).logger;
}

/** The level, and the secrets no line may carry (each in its usual encodings). */
export function configureLogger({ level, secrets }) {
  const { logger, state } = singleton("logger", () => create(false));
  logger.level = level;
  state.secrets = secrets.filter((s) => typeof s === "string" && s.length >= MIN_SECRET_LENGTH).flatMap(formsOf);
}

/** The per-request context: `{ log: fields every line carries, span?: the request's server span }`. */
export function requestContext() {
  return singleton("logger", () => create(false)).state.context;
}

/**
 * `npm start`: whatever still writes through console (Next itself, a library) becomes a JSON line
 * too, as do Node's warnings and a crash, so that every line of the server's output parses.
 */
export function logConsoleAsJson() {
  const logger = processLogger();
  const as =
    (level) =>
    (...args) =>
      logger[level](format(...args));
  console.log = as("info");
  console.info = as("info");
  console.warn = as("warn");
  console.error = as("error");
  console.debug = as("debug");
  console.trace = as("debug");
  // Node prints warnings to stderr as text: they are said here instead.
  process.removeAllListeners("warning");
  process.on("warning", (warning) => logger.warn(`[node] ${warning.name}: ${warning.message}`));
  process.on("uncaughtException", (error, origin) => {
    logger.fatal(`[node] ${origin}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  });
}
