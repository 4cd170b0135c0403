// How many test files `npm test` runs at once. vitest: one per core, since a BFF file keeps a core
// busy (its app servers and the requests it makes); at least two, as the BFF files wait on real time
// some of theirs. Playwright: one more than the cores, since a browser file waits on the sandbox's
// clock and the page's polling much of its time (on 2 cores, 2 workers kept the CPU 67 % busy; 3, 82 %;
// docs/testing.md). At most one per 1.5 GiB of memory in either, what a worker's server, browser and
// runner hold at their peak with room to spare.
import { availableParallelism, totalmem } from "node:os";

const BYTES_PER_WORKER = 1.5 * 2 ** 30;

const fitMemory = (workers: number, memoryBytes: number) =>
  Math.max(2, Math.min(workers, Math.floor(memoryBytes / BYTES_PER_WORKER)));

export function testWorkers(cores = availableParallelism(), memoryBytes = totalmem()): number {
  return fitMemory(cores, memoryBytes);
}

export function browserWorkers(cores = availableParallelism(), memoryBytes = totalmem()): number {
  return fitMemory(cores + 1, memoryBytes);
}
