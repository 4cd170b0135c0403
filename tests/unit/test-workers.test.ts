// How many files `npm test` runs at once: one per core in vitest, one more than that in Playwright
// (whose files wait on real time), so a machine with more cores finishes sooner; never fewer than
// two, nor more than memory holds.
import { afterEach, describe, expect, it, vi } from "vitest";
import { browserWorkers, testWorkers } from "../support/workers";

const GiB = 2 ** 30;

describe("testWorkers and browserWorkers", () => {
  // One core keeps two at a time in both, as the BFF files wait on real time too.
  it.each([
    [1, 8, 2, 2],
    [2, 24, 2, 3],
    [4, 16, 4, 5],
    [8, 32, 8, 9],
    [16, 64, 16, 17],
  ])("%i cores, %i GiB: %i vitest files and %i browser files at a time", (cores, memory, vitest, browser) => {
    expect(testWorkers(cores, memory * GiB)).toBe(vitest);
    expect(browserWorkers(cores, memory * GiB)).toBe(browser);
  });

  it("runs no more than memory holds, at 1.5 GiB a worker", () => {
    expect(testWorkers(8, 8 * GiB)).toBe(5);
    expect(testWorkers(64, 24 * GiB)).toBe(16);
    expect(browserWorkers(8, 8 * GiB)).toBe(5);
    expect(browserWorkers(2, 3 * GiB)).toBe(2);
  });
});

describe("the runners' configs", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("gives vitest this machine's count", async () => {
    const { default: config } = await import("../../vitest.config.mjs");
    expect(config.test?.maxWorkers).toBe(testWorkers());
  });

  it("gives Playwright one more than the cores, unless E2E_WORKERS says otherwise", async () => {
    vi.stubEnv("E2E_WORKERS", undefined);
    expect((await import("../../playwright.config")).default.workers).toBe(browserWorkers());
    vi.resetModules();
    vi.stubEnv("E2E_WORKERS", "1");
    expect((await import("../../playwright.config")).default.workers).toBe(1);
  });
});
