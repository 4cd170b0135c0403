"use client";
// The receipt of a completed swap, to save or print. Loaded only when a swap has completed; printing
// shows this panel alone (everything else on the page is print:hidden).
import { useLocale, useTranslations } from "next-intl";
import type { Swap } from "@/lib/schema/partner";
import { memoKindOf, networkLabel } from "@/lib/swap/asset-ref";
import { formatAmount } from "@/lib/swap/format";
import { Button } from "../ui/button";
import { Panel, PanelHeading } from "../ui/panel";

/** A row's value: "mono" an id or address, "ltr" an amount or rate; both read left to right in any page. */
type Row = readonly [label: string, value: string, kind?: "mono" | "ltr"];

/**
 * `deposit`: what the swap page knows of the deposit against the amount asked. Other than "asked",
 * the deposit row is the amount asked, not what was sent, and a note says which way it differed.
 */
export function Receipt({ swap, deposit = "asked" }: { swap: Swap; deposit?: "asked" | "lower" | "higher" }) {
  const t = useTranslations("receipt");
  const locale = useLocale();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "long" }).format(
    new Date(swap.updatedAt),
  );
  const created = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "long" }).format(
    new Date(swap.createdAt),
  );
  const rows: Row[] = [
    [t("swapId"), swap.id, "mono"],
    ...(swap.externalId ? [[t("orderReference"), swap.externalId, "mono"] as Row] : []),
    [t("created"), created],
    [t("completed"), when],
    [
      deposit === "asked" ? t("sent") : t("requested"),
      `${formatAmount(swap.deposit.amount, locale, swap.from.decimals)} ${swap.deposit.token} (${networkLabel(swap.deposit.network)})`,
      "ltr",
    ],
    [
      t("received"),
      `≈ ${formatAmount(swap.payout.estimatedAmount, locale, swap.to.decimals)} ${swap.payout.token} (${networkLabel(swap.payout.network)})`,
      "ltr",
    ],
    ...(swap.quote.rate
      ? [
          [
            t("rate"),
            `1 ${swap.deposit.token} ≈ ${formatAmount(swap.quote.rate, locale, 8)} ${swap.payout.token}`,
            "ltr",
          ] as Row,
        ]
      : []),
    [t("payoutAddress"), swap.payout.address, "mono"],
    ...(swap.payout.memo
      ? [[memoKindOf(swap.payout.network) === "tag" ? t("tag") : t("memo"), swap.payout.memo, "mono"] as Row]
      : []),
  ];
  return (
    <Panel
      aria-labelledby="receipt-heading"
      data-testid="receipt"
      className="print:p-0 print:shadow-none print:ring-0 print:dark:bg-white print:dark:text-slate-900"
    >
      <PanelHeading
        id="receipt-heading"
        size="lg"
        action={
          <Button variant="secondary" size="sm" className="print:hidden" onClick={() => window.print()}>
            {t("print")}
          </Button>
        }
      >
        {t("heading")}
      </PanelHeading>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400 print:text-slate-700">
        {t("note")}
        {deposit === "lower" ? ` ${t("underpaidNote")}` : deposit === "higher" ? ` ${t("overpaidNote")}` : null}
      </p>
      <dl className="mt-4 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        {rows.map(([label, value, kind]) => (
          <div key={label} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
            <dt className="shrink-0 text-slate-600 dark:text-slate-400 print:text-slate-700">{label}</dt>
            <dd className={kind === "mono" ? "font-mono break-all sm:text-end" : "sm:text-end"}>
              {kind ? <bdi dir="ltr">{value}</bdi> : value}
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
