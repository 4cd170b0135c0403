// What a person reads at a glance in the checkout's "You receive" field: eight significant digits
// at most, so the longest estimate the catalogue gives fits a 320 px phone whole.
import { describe, expect, it } from "vitest";
import { clockText, formatAmount, glanceFractionDigits, momentText } from "@/lib/swap/format";
import { quoteRate } from "@/lib/client/use-quote";
import { belowShareOf, divideDecimal } from "@/lib/schema/decimal";

const glance = (amount: string, decimals: number) =>
  formatAmount(amount, "en", glanceFractionDigits(amount, Math.min(decimals, 8)));

describe("an estimate at a glance", () => {
  it("keeps eight significant digits, and never cuts the whole part", () => {
    expect(glance("106515.38352125", 18)).toBe("106,515.38");
    expect(glance("1234.56789", 6)).toBe("1,234.5679");
    expect(glance("12345678.9", 6)).toBe("12,345,679");
    expect(glance("123456789.2", 6)).toBe("123,456,789");
  });

  it("keeps the small amounts' digits, up to the asset's decimals and at most eight", () => {
    expect(glance("0.0123456789", 18)).toBe("0.01234568");
    expect(glance("0.00051234", 8)).toBe("0.00051234");
    expect(glance("0.1234567", 6)).toBe("0.123457");
    expect(glance("5", 6)).toBe("5");
  });
});

describe("the rate a quote shows", () => {
  it("is the service's when it gives one", () => {
    expect(quoteRate({ rate: "97.5", from: { amount: "2" }, to: { estimatedAmount: "100" } })).toBe("97.5");
  });

  it("is the estimate over the amount, exactly, when the service leaves it null", () => {
    expect(quoteRate({ rate: null, from: { amount: "2" }, to: { estimatedAmount: "199.37" } })).toBe("99.685000000000");
    expect(quoteRate({ rate: null, from: { amount: "100" }, to: { estimatedAmount: "0.00102345" } })).toBe(
      "0.000010234500",
    );
    expect(quoteRate({ rate: null, from: { amount: "3" }, to: { estimatedAmount: "1" } })).toBe("0.333333333333");
    expect(divideDecimal("5", "0")).toBeNull();
    expect(divideDecimal("0.5", "0.25")).toBe("2.000000000000");
  });
});

describe("a payout under 99 % of its quote (the swap page's 'paid out short')", () => {
  it("is decided on the decimal strings exactly, where floats round both sides to the same number", () => {
    // 0.99 × 99.99999999999999999 = 98.9999999999999999901: the payout is just under it. As floats
    // both are 99 and 100, and 99 < 99 says no.
    expect(belowShareOf("98.99999999999999999", "99.99999999999999999", "0.99")).toBe(true);
    expect(Number("98.99999999999999999") < 0.99 * Number("99.99999999999999999")).toBe(false);
    expect(belowShareOf("99", "100", "0.99")).toBe(false);
    expect(belowShareOf("484.305", "968.61", "0.99")).toBe(true);
  });
});

describe("a moment on the swap pages", () => {
  const at = "2026-11-26T08:05:03Z";
  it("is written one way: the hour without a leading zero, seconds only for a status check", () => {
    expect(momentText(at, "en")).toMatch(/^(?:[1-9]|1[0-2]):05\s[AP]M$/);
    expect(momentText(at, "en", { seconds: true })).toMatch(/^(?:[1-9]|1[0-2]):05:03\s[AP]M$/);
  });

  it("names the zone when it gives the date, so a deadline cannot be misread", () => {
    expect(momentText(at, "en", { date: true })).toMatch(/^Nov \d{1,2}, 2026, (?:[1-9]|1[0-2]):05\s[AP]M \S+$/);
  });
});

describe("a countdown", () => {
  it("reads m:ss, and h:mm:ss past an hour, rounding up so it never shows 0:00 early", () => {
    expect(clockText(185)).toBe("3:05");
    expect(clockText(0.2)).toBe("0:01");
    expect(clockText(-4)).toBe("0:00");
    expect(clockText(3 * 3600 + 57 * 60 + 45)).toBe("3:57:45");
  });

  it("is written in the locale's digits, as the amounts beside it are", () => {
    expect(clockText(185, "fa")).toBe("۳:۰۵");
    expect(clockText(3 * 3600 + 57 * 60 + 45, "fa")).toBe("۳:۵۷:۴۵");
    expect(clockText(185, "de")).toBe("3:05");
  });
});
