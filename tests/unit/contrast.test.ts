import { describe, expect, it } from "vitest";
import { contrastRatio, isHexColor } from "@/lib/checkout/contrast";

describe("contrastRatio", () => {
  it("gives WCAG's 21:1 for black on white and 1:1 for a colour on itself", () => {
    expect(contrastRatio("000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("18e299", "18e299")).toBeCloseTo(1, 5);
  });

  it("finds the widget's default green too light to outline on white but fine on a dark page", () => {
    expect(contrastRatio("18e299", "ffffff")).toBeLessThan(3);
    expect(contrastRatio("18e299", "020617")).toBeGreaterThan(3);
    expect(contrastRatio("fff", "ffffff")).toBeCloseTo(1, 5);
  });

  it("accepts 3 and 6 digit hex with or without #, nothing else", () => {
    for (const ok of ["18e299", "#18E299", "abc", "#abc"]) expect(isHexColor(ok)).toBe(true);
    for (const bad of ["", "18e29", "ggg", "#12345g", "red"]) expect(isHexColor(bad)).toBe(false);
  });
});
