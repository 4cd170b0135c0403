// A dollar value only where a side is a US-dollar stablecoin: never a price for any other asset.
import { describe, expect, it } from "vitest";
import { isUsdStablecoin, usdSide, usdText } from "@/lib/swap/usd";

const quote = (from: string, amount: string, to: string, estimatedAmount: string) => ({
  from: { token: from, amount },
  to: { token: to, estimatedAmount },
});

describe("usdSide", () => {
  it("values what is sent when it is a stablecoin, else what comes back", () => {
    expect(usdSide(quote("USDT", "250", "BTC", "0.0025"))).toEqual({ symbol: "USDT", amount: "250" });
    expect(usdSide(quote("BTC", "0.01", "USDC", "1001.35"))).toEqual({ symbol: "USDC", amount: "1001.35" });
  });

  it("gives no value when neither side is one: BTC to ETH has no price to show", () => {
    expect(usdSide(quote("BTC", "0.01", "ETH", "0.3"))).toBeNull();
    expect(isUsdStablecoin("USDE")).toBe(false);
    expect(isUsdStablecoin("dai")).toBe(true);
  });
});

describe("usdText", () => {
  it("writes dollars in the page's language, to the cent", () => {
    expect(usdText("1001.354", "en")).toBe("$1,001.35");
    expect(usdText("1001.354", "de")).toBe("1.001,35\u00a0$");
    expect(usdText("12345678901234.5", "en")).toBe("$12,345,678,901,234.50");
  });
});
