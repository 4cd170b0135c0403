// Exact decimal helpers shared by the server and the browser: amounts are strings, never floats.
import BigConstructor from "big.js";

const Dec = BigConstructor();
Dec.NE = -60;
Dec.PE = 60;

const decimalText = /^\d+(\.\d+)?$/;

export const isDecimal = (value: string) => decimalText.test(value);

/** -1, 0 or 1, comparing two decimal strings exactly. */
const compareDecimal = (a: string, b: string) => Dec(a).cmp(Dec(b));

/** Whether `amount` lies inside the bounds that are present. */
export function withinBounds(amount: string, min: string | null, max: string | null): boolean {
  if (min !== null && isDecimal(min) && compareDecimal(amount, min) < 0) return false;
  if (max !== null && isDecimal(max) && compareDecimal(amount, max) > 0) return false;
  return true;
}

export const decimalPlacesOf = (amount: string) => (amount.split(".")[1] ?? "").length;

/** Whether a < b × share, exactly ("paid out more than 1 % under the quote": share "0.99"). */
export const belowShareOf = (a: string, b: string, share: string) => Dec(a).lt(Dec(b).times(share));

/** a / b exactly to `digits` fraction digits, rounded down; null when b is zero. */
export function divideDecimal(a: string, b: string, digits = 12): string | null {
  if (Dec(b).eq(0)) return null;
  const Div = BigConstructor();
  Div.DP = digits;
  Div.RM = 0;
  return Div(a).div(b).toFixed(digits);
}
