// The dashboard's CSV cells as a spreadsheet would split them: with a comma (RFC 4180, Excel in
// English) and with a semicolon (Excel in de/fr/es/it/nl/ru, which splits a comma-separated file on
// `;` as well), read by a real CSV parser. No cell may start a formula (OWASP CSV injection).
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvField, csvHeader, csvRow } from "@/lib/bff/dashboard/csv";
import { dashboardCsvColumns } from "@/lib/schema/dashboard";
import { seededSwap } from "../support/ledger-seed";

/** What a spreadsheet runs: = + - @ (or their full-width forms), after any blanks or quotes. */
const startsFormula = (cell: string) => /^[\s"]*[=+\-@＝＋－＠]/u.test(cell);
/** OWASP also lists a tab or CR at a value's start (some readers drop it, then see what follows). */
const startsBlank = (cell: string) => /^[\t\r]/.test(cell);

const hostile = [
  "acme;=1+1;",
  '=HYPERLINK("http://evil.example","x")',
  "+cmd|' /C calc'!A0",
  "-2+3",
  "@SUM(1+1)",
  "＝1+1",
  "＋1+1",
  "－1+1",
  "＠SUM(A1)",
  "  =1+1",
  "\t=1+1",
  "\r=1+1",
  "\tplain",
  "\rplain",
  "a,=1+1",
  "a\t=1+1",
  "a; =1+1",
  "a;\u3000=1+1",
  'a;"=1+1"',
  "a;;@x",
  "a\n=1+1",
  "a\r\n-1",
  "order;＋1;x",
  "=1;=2,=3\t=4",
];

/** A whole export: the header and one row per value, the value as customerId and externalId. */
const exportOf = (values: readonly string[]) =>
  dashboardCsvColumns.join(",") +
  "\r\n" +
  values
    .map((value, i) =>
      csvRow({ ...seededSwap(i, Date.parse("2026-01-01T00:00:00Z")), customerId: value, externalId: value }),
    )
    .join("");

/** Every cell of `text` read with `delimiter`, quotes as RFC 4180 says (`,`) or as a splitter that ignores them (`;`). */
function cells(text: string, delimiter: "," | ";"): string[] {
  const rows = parse(
    text,
    delimiter === ","
      ? { delimiter, relax_column_count: false }
      : { delimiter, quote: false, relax_column_count: true },
  ) as string[][];
  return rows.flat();
}

describe("the dashboard's CSV cells", () => {
  it("start no formula, split by comma or by semicolon", () => {
    const csv = exportOf(hostile);
    for (const delimiter of [",", ";"] as const)
      expect(cells(csv, delimiter).filter(startsFormula), `split on ${delimiter}`).toEqual([]);
    expect(cells(csv, ",").filter(startsBlank)).toEqual([]);
  });

  it("read back by a CSV parser as the value with an apostrophe before each formula character a cell could start with", () => {
    const rows = parse(exportOf(hostile), { delimiter: "," }) as string[][];
    expect(rows[0]).toEqual([...dashboardCsvColumns]);
    const customerIds = rows.slice(1).map((row) => row[dashboardCsvColumns.indexOf("customerId")]);
    expect(customerIds.slice(0, 12)).toEqual([
      "acme;'=1+1;",
      '\'=HYPERLINK("http://evil.example","x")',
      "'+cmd|' /C calc'!A0",
      "'-2+3",
      "'@SUM(1+1)",
      "'＝1+1",
      "'＋1+1",
      "'－1+1",
      "'＠SUM(A1)",
      "  '=1+1",
      "'\t'=1+1",
      "'\r'=1+1",
    ]);
    expect(customerIds.slice(12)).toEqual([
      "'\tplain",
      "'\rplain",
      "a,'=1+1",
      "a\t'=1+1",
      "a; '=1+1",
      "a;\u3000'=1+1",
      'a;"\'=1+1"',
      "a;;'@x",
      "a\n'=1+1",
      "a\r\n'-1",
      "order;'＋1;x",
      "'=1;'=2,'=3\t'=4",
    ]);
  });

  it("quotes every field, header included, and leaves ordinary values as they are", () => {
    const swap = seededSwap(7, Date.parse("2026-01-01T00:00:00Z"));
    const line = csvRow({
      ...swap,
      externalId: null,
      commission: { bps: 50, rewardAmountUsdc: "4.0625", rewardStatus: "claimed" },
    });
    expect(line).toBe(
      `"${swap.id}","2025-12-31T23:53:00.000Z","completed","0.0123","BTC","bitcoin","812.5","USDT","tron","","cust-7","50","4.0625","claimed"\r\n`,
    );
    expect(csvHeader()).toBe(dashboardCsvColumns.map((c) => `"${c}"`).join(",") + "\r\n");
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(null)).toBe('""');
    expect(csvField("a-b+c@d=e")).toBe('"a-b+c@d=e"');
  });

  it("starts no formula for any text, by either separator", () => {
    const risky = fc.constantFrom(
      "=",
      "+",
      "-",
      "@",
      "＝",
      "＋",
      "－",
      "＠",
      ";",
      ",",
      "\t",
      "\r",
      "\n",
      " ",
      '"',
      "'",
      "a",
      "1",
      "\u3000",
    );
    fc.assert(
      fc.property(fc.array(fc.string({ unit: risky, maxLength: 12 }), { minLength: 1, maxLength: 5 }), (values) => {
        const csv = exportOf(values);
        for (const delimiter of [",", ";"] as const) expect(cells(csv, delimiter).filter(startsFormula)).toEqual([]);
        expect(cells(csv, ",").filter(startsBlank)).toEqual([]);
        // Read as RFC 4180 says, every row has every column.
        for (const row of parse(csv, { delimiter: "," }) as string[][])
          expect(row).toHaveLength(dashboardCsvColumns.length);
      }),
      { numRuns: 300 },
    );
  });
});
