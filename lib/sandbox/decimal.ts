// Exact decimal arithmetic for the sandbox's prices (big.js with its own settings: no exponents).
import BigConstructor, { type Big } from "big.js";

export const Dec = BigConstructor();
Dec.DP = 40;
Dec.NE = -60;
Dec.PE = 60;

const ROUND_DOWN = 0;

/** Rounds down to at most `places` decimals and drops trailing zeros. */
export const floorTo = (value: Big, places: number) => value.round(places, ROUND_DOWN).toString();

export const decimalPlaces = (amount: string) => (amount.split(".")[1] ?? "").length;
