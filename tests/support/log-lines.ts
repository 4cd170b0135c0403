// What the process logger (lib/observability/logger.mjs) writes while `run` runs: its stream is
// process.stdout, so the lines are caught there, parsed, and kept from the test's own output.
import { vi } from "vitest";

export type LogLine = Record<string, unknown> & { level?: string; msg?: string };

export async function logLinesOf(run: () => unknown): Promise<LogLine[]> {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return written
    .join("")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);
}
