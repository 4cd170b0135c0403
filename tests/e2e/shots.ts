// Where the browser tests put their screenshots. A test run writes them under test-results/ (new
// swap ids and times every run, so a run leaves the work tree clean); `npm run screenshots` sets
// SCREENSHOTS_DIR=docs/screenshots to refresh the committed ones on purpose.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The directory (ending in a separator, created if missing) for one group of screenshots, e.g. "checkout". */
export function shotsDir(group: string): string {
  const base = path.resolve(root, process.env.SCREENSHOTS_DIR || "test-results/screenshots");
  const dir = path.join(base, group) + path.sep;
  mkdirSync(dir, { recursive: true });
  return dir;
}
