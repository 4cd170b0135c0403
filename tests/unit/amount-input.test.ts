// "You send" reads what a person types as they mean it, in English and in a decimal-comma language.
import { describe, expect, it } from "vitest";
import { amountText, readAmount, withoutSymbol } from "@/lib/swap/amount-input";

describe("reading a typed amount", () => {
  it.each([
    ["25,000", "25000"],
    ["2,500.50", "2500.50"],
    ["1,234,567", "1234567"],
    ["1.000,50", "1000.50"],
    ["0,5", "0.5"],
    ["2,50", "2.50"],
    ["0,500", "0.500"],
    ["25.000", "25.000"],
    [".5", "0.5"],
    ["1000.", "1000"],
    ["00100", "100"],
    ["0.01", "0.01"],
    ["1 000", "1000"],
    ["", ""],
  ])("in English, %j is %j", (typed, meant) => {
    expect(readAmount(typed, "en")).toBe(meant);
  });

  it.each([
    ["25.000", "25000"],
    ["25,000", "25.000"],
    ["0,5", "0.5"],
    ["0.5", "0.5"],
    ["1.000,50", "1000.50"],
    ["1 000,5", "1000.5"],
  ])("in Spanish, %j is %j", (typed, meant) => {
    expect(readAmount(typed, "es")).toBe(meant);
  });

  // Russian groups thousands with spaces; a dot there is a wallet's decimal point, never grouping.
  it.each([
    ["1.250", "1.250"],
    ["25.500", "25.500"],
    ["1,250", "1.250"],
    ["1 250", "1250"],
    ["1\u00a0250,5", "1250.5"],
    ["1.000.000", "1000000"],
    ["1.000,50", "1000.50"],
  ])("in Russian, %j is %j", (typed, meant) => {
    expect(readAmount(typed, "ru")).toBe(meant);
  });

  it.each(["0.01.2", "1e-2", "-1", "1,00,000", "abc", "1.000.5", "1,2.3,4"])(
    "refuses %j instead of rewriting it into some number",
    (typed) => {
      expect(readAmount(typed, "en")).toBeNull();
    },
  );

  it("shows an amount in the page's decimal mark, and reads it back as the same amount", () => {
    for (const locale of ["en", "es", "ru"]) {
      for (const amount of ["0.5", "1.000", "25000", "0.00012345"]) {
        expect(readAmount(amountText(amount, locale), locale), `${locale} ${amount}`).toBe(amount);
      }
    }
  });

  it.each([
    ["0.01 BTC", "BTC", "0.01"],
    ["0.01btc", "BTC", "0.01"],
    ["1,250.5 USDT ", "USDT", "1,250.5"],
    ["0.01 ETH", "BTC", "0.01 ETH"],
    ["BTC", "BTC", "BTC"],
    ["0.01", "BTC", "0.01"],
    ["0.5 XBTC", "BTC", "0.5 XBTC"],
  ])("%j pasted while sending %s is read as %j", (pasted, symbol, kept) => {
    expect(withoutSymbol(pasted, symbol)).toBe(kept);
  });
  it("an amount pasted with another asset's symbol is still refused, not quoted", () => {
    expect(readAmount(withoutSymbol("0.01 ETH", "BTC"), "en")).toBeNull();
  });
});

describe("amounts typed in native digits", () => {
  it("reads Persian, Arabic-Indic, Devanagari, Bengali and Thai digits, and the Arabic decimal mark", () => {
    expect(readAmount("۰٫۵", "fa")).toBe("0.5");
    expect(readAmount("١٢٣٫٤٥", "ar")).toBe("123.45");
    expect(readAmount("२५", "hi")).toBe("25");
    expect(readAmount("০.০১", "bn")).toBe("0.01");
    expect(readAmount("๑๐", "th")).toBe("10");
    expect(readAmount("۱٬۰۰۰", "fa")).toBe("1000");
  });
});
