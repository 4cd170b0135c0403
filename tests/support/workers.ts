// How many test files `npm test` runs at once, in vitest and in Playwright: one per core, since a
// browser file keeps a core busy (its own app server and Chromium) and so does a BFF file. At least
// two: the BFF files wait on real time much of theirs. At most one per 1.5 GiB of memory, what a
// worker's server, browser and runner hold at their peak with room to spare.
import { availableParallelism, totalmem } from "node:os";

const BYTES_PER_WORKER = 1.5 * 2 ** 30;

export function testWorkers(cores = availableParallelism(), memoryBytes = totalmem()): number {
  return Math.max(2, Math.min(cores, Math.floor(memoryBytes / BYTES_PER_WORKER)));
}
