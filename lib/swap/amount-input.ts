// What a person types in "You send", read as they mean it. Commas and dots are both typed as
// decimal marks and as thousands separators; reading "25,000" as 25 would quietly quote a thousandth
// of what was meant, so each is read by its place and the page's language, and anything that is not
// a number is refused rather than rewritten into one.

// Each language's marks, looked up once: an Intl.NumberFormat costs a moment to make (the first one
// in a page far more, ~40 ms on a phone, when it loads the locale's data), and the field is read on
// every render.
const marks = new Map<string, { decimal: "," | "."; group: string }>();
function marksOf(locale: string) {
  let known = marks.get(locale);
  if (!known) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    known = {
      decimal: parts.find((p) => p.type === "decimal")?.value === "," ? "," : ".",
      group: parts.find((p) => p.type === "group")?.value ?? "",
    };
    marks.set(locale, known);
  }
  return known;
}

/**
 * Looks the language's marks up before the first keystroke needs them: the field calls it as it
 * gains focus, once the focus is painted. In Chromium here the page's first Intl.NumberFormat takes
 * 73–86 ms, and at 4× CPU it was 271 ms of the first digit's keystroke.
 */
export const prepareAmountReading = (locale: string) => void marksOf(locale);

/** The page language's decimal mark: "," (es, ru) or ".". */
const decimalMarkOf = (locale: string): "," | "." => marksOf(locale).decimal;

/** The page language's thousands separator: "," (en), "." (es), a no-break space (ru). */
const groupMarkOf = (locale: string): string => marksOf(locale).group;

/** The digit zeros of the scripts our languages write numbers in: Arabic-Indic, Persian, Devanagari, Bengali, Thai. */
const nativeZeros = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50];

/**
 * Native digits as ASCII, and the Arabic decimal (٫) and thousands (٬) marks as a dot and a comma:
 * a Persian keyboard types "۰٫۵" for 0.5, which is the same amount.
 */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59\u066b\u066c]/g, (c) => {
    if (c === "\u066b") return ".";
    if (c === "\u066c") return ",";
    const code = c.charCodeAt(0);
    const zero = nativeZeros.find((z) => code >= z && code <= z + 9)!;
    return String(code - zero);
  });
}

/** "1,000,000" or "1.000": whole groups of three after the first group of one to three digits. */
const isGrouped = (text: string, mark: "," | ".") => new RegExp(`^\\d{1,3}(\\${mark}\\d{3})+$`).test(text);

/**
 * The amount in the API's form ("25000", "0.5"), "" for an empty field, or null for text that is no
 * number. Spaces and apostrophes are taken as grouping. With both marks, the last one is the
 * decimal mark ("1,000.50", "1.000,50"). A mark that appears more than once groups thousands. One
 * mark alone is the language's decimal mark, unless it is the language's own thousands separator
 * (or a comma in a decimal-point language) and splits off exactly three digits from a whole number
 * that does not start with 0: "25,000" in English and "25.000" in Spanish are 25000. Russian groups
 * with spaces, and wallets write a dot for decimals, so "1.250" there is 1.25, not 1250. "0,5" and
 * "2,50" are decimals everywhere.
 */
export function readAmount(text: string, locale: string): string | null {
  const compact = asciiDigits(text).replace(/[\s'’]/g, "");
  if (compact === "") return "";
  if (!/^[\d.,]+$/.test(compact)) return null;
  const decimal = decimalMarkOf(locale);
  const marks = compact.replace(/\d/g, "");
  let whole: string;
  let fraction = "";
  if (marks.includes(",") && marks.includes(".")) {
    const last = compact.lastIndexOf(",") > compact.lastIndexOf(".") ? "," : ".";
    const parts = compact.split(last);
    if (parts.length !== 2 || !isGrouped(parts[0]!, last === "," ? "." : ",")) return null;
    whole = parts[0]!.replace(/[.,]/g, "");
    fraction = parts[1]!;
  } else if (marks === "") {
    whole = compact;
  } else {
    const mark = marks[0] as "," | ".";
    const parts = compact.split(mark);
    const groups = mark === groupMarkOf(locale) || (decimal === "." && mark === ",");
    if (parts.length > 2 || (mark !== decimal && groups && isGrouped(compact, mark) && !compact.startsWith("0"))) {
      if (!isGrouped(compact, mark)) return null;
      whole = parts.join("");
    } else {
      whole = parts[0]!;
      fraction = parts[1]!;
    }
  }
  const digits = whole.replace(/^0+(?=\d)/, "") || "0";
  return fraction ? `${digits}.${fraction}` : digits;
}

/** An amount in the API's form as the field shows it in the page's language ("0.5" → "0,5" in es). */
export function amountText(amount: string, locale: string): string {
  // Nothing to write: no Intl at all, so an empty checkout's first render makes none.
  if (!amount.includes(".")) return amount;
  return decimalMarkOf(locale) === "," ? amount.replace(".", ",") : amount;
}

/**
 * Text pasted with the asset's symbol after the number ("0.01 BTC", "0.01btc", copied from a wallet
 * or an invoice) without the symbol, when it is the symbol of the asset being sent; any other text is
 * left as it is (and refused by readAmount if it is no number: "0.01 ETH" while sending BTC is a
 * mistake to say, not to drop).
 */
export function withoutSymbol(text: string, symbol: string | undefined): string {
  if (!symbol) return text;
  const tail = text.trimEnd();
  if (tail.length <= symbol.length || tail.slice(-symbol.length).toUpperCase() !== symbol.toUpperCase()) return text;
  const rest = tail.slice(0, -symbol.length).trimEnd();
  return /\d$/.test(rest) ? rest : text;
}
