"use client";
// The funnel by pair, language or origin: a table on a wide screen, a card per group on a phone.
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { localeNames, type Locale } from "@/lib/i18n/locales";
import type { Funnel } from "@/lib/schema/funnel";
import { assetRefName } from "@/lib/swap/asset-ref";
import { Skeleton } from "../ui/spinner";
import { card } from "../ui/panel";
import { ReadingArrow } from "../ui/reading-arrow";
import { cn } from "../ui/cn";
import { useDashboardFormat } from "./format";
import { funnelStages, useFunnelFormat, useFunnelLabels } from "./funnel-format";
import { funnelBreakdowns, type FunnelBreakdown as Breakdown } from "./use-dashboard";

export function FunnelBreakdown({
  funnel,
  breakdown,
  onBreakdown,
  unavailable = false,
}: {
  funnel: Funnel | undefined;
  /** The funnel could not be read: no placeholders (the panel above says so). */
  unavailable?: boolean;
  breakdown: Breakdown;
  onBreakdown: (next: Breakdown) => void;
}) {
  const t = useTranslations("dashboard.funnel");
  const f = useDashboardFormat();
  const ff = useFunnelFormat();
  const label = useFunnelLabels();
  // While the funnel is read: two rows of the table (or two cards) to come, so that the page below
  // moves less when the groups arrive.
  const loading = !funnel && !unavailable;
  const groups = funnel?.groups ?? (loading ? placeholderGroups : []);
  // A cell's text, or while loading a skeleton of `size` in its place.
  const shown = (size: string, text: () => ReactNode) => (loading ? <Skeleton className={size} /> : text());
  // A pair reads in the page's direction (its arrow turns with it); an origin or a language name
  // in its own (an address among Arabic names stays whole). A pair wraps rather than losing its end.
  const pairs = breakdown === "pair";
  const nameDir = pairs ? undefined : "auto";
  const name = (key: string): ReactNode => {
    if (breakdown === "locale") return localeNames[key as Locale] ?? key;
    if (breakdown === "origin" && (key === "direct" || key === "widget")) return label[key];
    if (pairs) return <PairName pair={key} />;
    return key;
  };
  return (
    <section aria-labelledby="breakdown-title" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="breakdown-title" className="text-base font-semibold">
          {t("breakdownTitle")}
        </h2>
        <label className="inline-flex items-center gap-2 text-sm">
          {t("breakdown")}
          <select
            value={breakdown}
            onChange={(e) => onBreakdown(e.target.value as Breakdown)}
            className="h-9 rounded-lg bg-white px-2 text-sm ring-1 ring-slate-300 dark:bg-slate-900 dark:ring-slate-700"
          >
            {funnelBreakdowns.map((option) => (
              <option key={option} value={option}>
                {label[option]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {groups.length === 0 ? null : (
        <>
          <table
            aria-hidden={loading || undefined}
            className="mt-3 hidden w-full text-start text-sm tabular-nums sm:table"
            data-testid={loading ? "breakdown-loading" : "breakdown-table"}
          >
            <thead className="text-xs text-slate-600 dark:text-slate-400">
              <tr>
                {[label[breakdown], ...funnelStages.map((stage) => label[stage]), t("completionRate")].map(
                  (label, i) => (
                    <th key={label} scope="col" className={cn("py-1 font-medium", i > 0 ? "text-end" : "text-start")}>
                      {label}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <tr key={group.key} className="border-t border-slate-200 dark:border-slate-800">
                  <th
                    scope="row"
                    className={cn("py-1.5 text-start font-normal", pairs ? "max-w-64" : "max-w-48 truncate")}
                    dir={nameDir}
                  >
                    {shown("h-5 w-28", () => name(group.key))}
                  </th>
                  {funnelStages.map((stage) => (
                    <td key={stage} className="py-1.5 text-end">
                      {shown("ms-auto h-5 w-8 max-w-full", () => f.count(group.stages[stage]))}
                    </td>
                  ))}
                  <td className="py-1.5 text-end font-medium">
                    {shown("ms-auto h-5 w-12 max-w-full", () => ff.share(group.stages.completed, group.stages.quoted))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul
            aria-hidden={loading || undefined}
            className="mt-3 flex flex-col gap-2 sm:hidden"
            data-testid={loading ? undefined : "breakdown-cards"}
          >
            {groups.map((group) => (
              <li key={group.key} className="rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-800">
                <p className="font-medium [overflow-wrap:anywhere]" dir={nameDir}>
                  {shown("h-6 w-28", () => name(group.key))}
                </p>
                <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs tabular-nums">
                  {funnelStages.map((stage) => (
                    <div key={stage} className="flex justify-between gap-2">
                      <dt className="text-slate-600 dark:text-slate-400">{label[stage]}</dt>
                      <dd>{shown("h-4 w-6", () => f.count(group.stages[stage]))}</dd>
                    </div>
                  ))}
                  <div className="flex justify-between gap-2">
                    <dt className="text-slate-600 dark:text-slate-400">{t("completionRate")}</dt>
                    <dd className="font-medium">
                      {shown("h-4 w-8", () => ff.share(group.stages.completed, group.stages.quoted))}
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

const none = { quoted: 0, addressChecked: 0, swapCreated: 0, depositSeen: 0, completed: 0 };
const placeholderGroups: NonNullable<Funnel["groups"]> = ["loading-0", "loading-1"].map((key) => ({
  key,
  stages: none,
  endings: { completed: 0, refunded: 0, failed: 0, expired: 0, abandoned: 0 },
}));

/** `BTC.bitcoin>USDT.tron` as people read it: "BTC (Bitcoin) → USDT (Tron)". */
function PairName({ pair }: { pair: string }) {
  const [from, to] = pair.split(">");
  if (!from || !to) return pair;
  return (
    <>
      <bdi>{assetRefName(from)}</bdi> <ReadingArrow /> <bdi>{assetRefName(to)}</bdi>
    </>
  );
}
