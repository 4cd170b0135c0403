// Whether a failure is the ledger's database not answering (down, restarting, unreachable), as
// opposed to a fault of ours: the first is a 503 an operator can wait out, the second a 500.
// Drivers wrap the socket's error (drizzle's query error has the driver's as its `cause`).

const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
// Postgres SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutting down).
const serverCodes = /^(08|57P)/;
const driverMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === "object"; depth++) {
    const { code, message, errors, cause } = current as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string" && (networkCodes.has(code) || serverCodes.test(code))) return true;
    if (typeof message === "string" && driverMessages.test(message)) return true;
    // A connect to several addresses (IPv4 and IPv6) fails as an AggregateError of each.
    if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = cause;
  }
  return false;
}
