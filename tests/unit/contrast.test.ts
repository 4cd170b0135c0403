import { describe, expect, it } from "vitest";
import { accentForeground, contrastRatio, isHexColor } from "@/lib/swap/contrast";

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

describe("accentForeground: the text on a partner's accent", () => {
  it("reaches WCAG AA's 4.5:1 on every accent a partner can pick (all 4,096 three-digit colours)", () => {
    let worst = Infinity;
    for (let i = 0; i < 4096; i++) {
      const accent = i.toString(16).padStart(3, "0");
      worst = Math.min(worst, contrastRatio(accent, accentForeground(accent)));
    }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });

  it("puts black on a pure red or a mid grey, where white gives 4.0:1, and white on a dark blue", () => {
    expect(accentForeground("ff0000")).toBe("#000000");
    expect(contrastRatio("ff0000", "ffffff")).toBeLessThan(4.5);
    expect(accentForeground("#808080")).toBe("#000000");
    expect(accentForeground("1e40af")).toBe("#ffffff");
    expect(accentForeground("18e299")).toBe("#000000");
  });
});
