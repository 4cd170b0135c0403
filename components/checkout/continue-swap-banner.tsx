"use client";
// The banner of components/checkout/continue-swap.tsx: each candidate's status is read once (shared
// with the list of this device's swaps), and only one still waiting, before its deadline, shows.
import { useLocale, useTranslations } from "next-intl";
import type { MySwap } from "@/lib/client/my-swaps";
import { useServerNow } from "@/lib/client/use-now";
import { useSavedSwap } from "@/lib/client/use-saved-swap";
import { clockText, formatAmount } from "@/lib/swap/format";
import { networkLabel } from "@/lib/swap/asset-ref";

export function ContinueSwapBanners({
  swaps,
  swapPath,
  swapQuery,
}: {
  swaps: readonly MySwap[];
  swapPath: string;
  swapQuery: string;
}) {
  return (
    <div className="flex w-full flex-col gap-2 empty:hidden" data-testid="continue-swap">
      {swaps.map((saved) => (
        <Banner key={saved.id} saved={saved} href={`${swapPath}/${saved.id}${swapQuery}#t=${saved.token}`} />
      ))}
    </div>
  );
}

function Banner({ saved, href }: { saved: MySwap; href: string }) {
  const t = useTranslations("mySwaps");
  const tDeposit = useTranslations("deposit");
  const locale = useLocale();
  const { data } = useSavedSwap(saved);
  const now = useServerNow(data?.clockOffset ?? 0);
  if (!data || data.swap.status !== "waiting_deposit") return null;
  const left = (Date.parse(data.swap.deposit.deadline) - now) / 1000;
  if (left <= 0) return null;
  const { deposit } = data.swap;
  return (
    <div
      className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl bg-sky-50 p-3 text-sky-950 ring-1 ring-sky-200 dark:bg-sky-950/40 dark:text-sky-50 dark:ring-sky-900"
      data-testid="continue-swap-banner"
      data-swap-id={saved.id}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t("waitingBanner")}</p>
        <p className="text-sm">
          {formatAmount(deposit.amount, locale, data.swap.from.decimals)} {deposit.token} (
          {networkLabel(deposit.network)}) ·{" "}
          <span className="font-semibold tabular-nums" data-testid="continue-swap-left">
            {tDeposit("timeLeft", { time: clockText(left, locale) })}
          </span>
        </p>
      </div>
      <a
        href={href}
        className="inline-flex min-h-11 items-center rounded-xl bg-accent px-4 py-2 font-semibold text-accent-fg"
      >
        {t("continue")}
      </a>
    </div>
  );
}
