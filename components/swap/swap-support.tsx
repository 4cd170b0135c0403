"use client";
// Support on the swap page: the ids to quote, a link when support is configured, and where a person
// goes from a link that opens no swap.
import { useTranslations } from "next-intl";
import type { SupportContext } from "@/lib/swap/support";
import { SupportLink, useSupportConfig } from "../support";
import { CopyButton } from "../ui/copy-button";

/** The ids a support request about this swap carries (the link adds the time). */
type SupportIds = Omit<SupportContext, "at">;

export function SupportRow({ label, value, display }: { label: string; value: string; display?: string }) {
  return (
    <div className="rounded-xl bg-slate-100/80 px-3 py-2 dark:bg-slate-800/60">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="flex items-center justify-between gap-3">
        {/* Whole, wrapping if it must: a person may have to read it out to support. */}
        <span className={display ? "min-w-0" : "min-w-0 font-mono break-all"} dir={display ? undefined : "ltr"}>
          {display ?? value}
        </span>
        <CopyButton value={value} label={label} />
      </dd>
    </div>
  );
}

/**
 * Where a person goes from a link that opens no swap: the checkout's start, where the swaps made in
 * this browser are listed (the widget keeps no such list, so it says only "start a new swap").
 */
export function LostLinkNext({ newSwapHref }: { newSwapHref: string }) {
  const t = useTranslations("swap");
  return (
    <>
      {newSwapHref === "/" ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("lostLinkMySwaps")}</p>
      ) : null}
      <a
        href={newSwapHref}
        className="mt-4 inline-flex min-h-11 items-center rounded-xl bg-accent px-4 py-2 font-medium text-accent-fg"
      >
        {newSwapHref === "/" ? t("lostLinkStart") : t("newSwap")}
      </a>
    </>
  );
}

/** A sentence that ends by pointing at support for this swap. */
export function ThenSupport({
  className,
  lead,
  context,
}: {
  className?: string;
  lead: React.ReactNode;
  context: SupportIds;
}) {
  return (
    <p className={className}>
      {lead} <SupportOrIds context={context} />
    </p>
  );
}

/** "Contact support with these ids" as a link when support is configured, else the words alone. */
function SupportOrIds({ context }: { context: SupportIds }) {
  const t = useTranslations("support");
  const config = useSupportConfig();
  if (!config.url && !config.email) return <span>{t("idsBelow")}</span>;
  return <SupportLink context={context}>{t("contactIdsBelow")}</SupportLink>;
}

/** Support for this swap: a link when one is configured, else the ids below are what to quote. */
export function SupportLine({ context }: { context: SupportIds }) {
  const t = useTranslations("support");
  const config = useSupportConfig();
  if (!config.url && !config.email)
    return <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("quoteIds")}</p>;
  return (
    <p className="mt-2 text-sm">
      <SupportLink context={context}>{t("contactWithIds")}</SupportLink>
    </p>
  );
}
