"use client";
// What to send, where, by when. Every value has a copy button that copies the exact string.
import { useLocale, useTranslations } from "next-intl";
import type { Swap } from "@/lib/schema/partner";
import { networkLabel } from "@/lib/checkout/asset-ref";
import { clockText, formatAmount } from "@/lib/checkout/format";
import { useNow } from "@/lib/checkout/use-now";
import { CopyButton } from "../ui/copy-button";
import { QrCode } from "./qr-code";

export function DepositInstructions({ swap }: { swap: Swap }) {
  const t = useTranslations("deposit");
  const locale = useLocale();
  const now = useNow();
  const { deposit } = swap;
  const network = networkLabel(deposit.network);
  const left = (Date.parse(deposit.deadline) - now) / 1000;
  const deadline = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(deposit.deadline));

  return (
    <section aria-labelledby="deposit-heading" className="flex flex-col gap-4">
      <h2 id="deposit-heading" className="text-lg font-semibold">
        {t("heading", { token: deposit.token, network })}
      </h2>

      <div className="flex flex-col gap-1">
        <span className="text-sm text-slate-600 dark:text-slate-400" id="deposit-amount-label">
          {t("amount")}
        </span>
        <div className="flex items-center justify-between gap-3">
          <p className="text-2xl font-semibold tabular-nums" aria-labelledby="deposit-amount-label">
            {formatAmount(deposit.amount, locale, swap.from.decimals)} {deposit.token}
          </p>
          <CopyButton value={deposit.amount} label={t("amount")} />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("network", { network })}</p>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <QrCode value={deposit.address} alt={t("qrAlt", { token: deposit.token, network, address: deposit.address })} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="text-sm text-slate-600 dark:text-slate-400">{t("address")}</span>
          <p className="rounded-xl bg-slate-100 p-3 font-mono text-[0.95rem] leading-relaxed break-all dark:bg-slate-800" data-testid="deposit-address">
            {deposit.address}
          </p>
          <CopyButton value={deposit.address} label={t("address")} className="self-start" />
        </div>
      </div>

      {deposit.memo ? (
        <div className="rounded-2xl bg-amber-50 p-3 ring-2 ring-amber-400 dark:bg-amber-950/40 dark:ring-amber-600">
          <p className="font-semibold text-amber-950 dark:text-amber-50">{t("memoTitle")}</p>
          <div className="mt-1 flex items-center justify-between gap-3">
            <p className="font-mono text-xl font-semibold break-all" data-testid="deposit-memo">
              {deposit.memo}
            </p>
            <CopyButton value={deposit.memo} label={t("memo")} />
          </div>
          <p className="mt-1 text-sm text-amber-950 dark:text-amber-100">{t("memoWarning")}</p>
        </div>
      ) : null}

      <div className="rounded-xl bg-slate-100/80 p-3 text-sm dark:bg-slate-800/60">
        <p>
          {t("deadline", { date: deadline })}{" "}
          <span className="font-semibold tabular-nums">{t("timeLeft", { time: clockText(left) })}</span>
        </p>
      </div>

      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>{t("ruleOnlyThisAddress", { token: deposit.token, network })}</li>
        <li>{t("ruleExactAmount")}</li>
        <li>{t("ruleKeepLink")}</li>
      </ul>
    </section>
  );
}
