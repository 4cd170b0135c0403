// The hint beside an address the payout network refused: which network it looks like it is for.
import { describe, expect, it } from "vitest";
import { foreignAddressFamily } from "@/lib/swap/address-family";

describe("an address pasted for another network", () => {
  it.each([
    ["0x52908400098527886E0F7030069857D2E4169EE7", "tron", "evm"],
    ["TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r", "ethereum", "tron"],
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "tron", "bitcoin"],
    ["1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "litecoin", "bitcoin"],
    ["rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", "stellar", "xrpl"],
  ])("%s for %s looks like %s", (address, network, family) => {
    expect(foreignAddressFamily(address, network)).toBe(family);
  });

  it("says nothing when the address fits its network's shape, or looks like no network's", () => {
    expect(foreignAddressFamily("0x52908400098527886E0F7030069857D2E4169EE7", "polygon")).toBeNull();
    expect(foreignAddressFamily("TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r", "tron")).toBeNull();
    expect(foreignAddressFamily("hello", "tron")).toBeNull();
    expect(foreignAddressFamily("TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3", "ethereum")).toBeNull();
  });
});
