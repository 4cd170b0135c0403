import { describe, expect, it } from "vitest";
import { median, quantile, spread } from "@/scripts/bench/stats";

// The benches' verdicts (overhead's paired median, throughput's share of the floor, Lighthouse's
// medians) all go through these: a wrong quartile would move a printed "met".
describe("bench statistics", () => {
  it("takes the middle value, or the mean of the middle two", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it("interpolates quartiles between ranks, as numpy's default does", () => {
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([1, 2, 3, 4], 0.75)).toBe(3.25);
    expect(quantile([10, 0], 0)).toBe(0);
    expect(quantile([10, 0], 1)).toBe(10);
  });

  it("leaves the caller's array in its order", () => {
    const values = [3, 1, 2];
    quantile(values, 0.5);
    expect(values).toEqual([3, 1, 2]);
  });

  it("summarises a sample's tail by nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(spread(values)).toEqual({ n: 100, p50: 50, p95: 95, max: 100 });
  });
});
