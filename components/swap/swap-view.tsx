"use client";
// The swap page: deposit instructions while we wait for the user's funds, then the live status
// until it ends. The access token comes from the URL fragment and never leaves the browser except
// in the x-swap-token header to our own API.
import { useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { isTerminalStatus, type SwapStatus } from "@/lib/schema/codes";
import type { Swap } from "@/lib/schema/partner";
import { networkLabel } from "@/lib/checkout/asset-ref";
import { formatAmount } from "@/lib/checkout/format";
import { tokenFromHash, useSwapStatus } from "@/lib/checkout/use-swap-status";
import { ErrorNotice } from "../error-notice";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { Skeleton, Spinner } from "../ui/spinner";
import { cn } from "../ui/cn";
import { DepositInstructions } from "./deposit-instructions";
import { SandboxPanel } from "./sandbox-panel";
import { StatusTimeline } from "./status-timeline";

type Props = { id: string; sandbox: boolean; onEvent?: (type: string, payload: Record<string, unknown>) => void; newSwapHref?: string };

const tone: Record<SwapStatus, string> = {
  waiting_deposit: "bg-sky-50 text-sky-950 ring-sky-200 dark:bg-sky-950/40 dark:text-sky-50 dark:ring-sky-900",
  deposit_detected: "bg-sky-50 text-sky-950 ring-sky-200 dark:bg-sky-950/40 dark:text-sky-50 dark:ring-sky-900",
  processing: "bg-sky-50 text-sky-950 ring-sky-200 dark:bg-sky-950/40 dark:text-sky-50 dark:ring-sky-900",
  underpaid: "bg-amber-50 text-amber-950 ring-amber-300 dark:bg-amber-950/40 dark:text-amber-50 dark:ring-amber-800",
  completed: "bg-emerald-50 text-emerald-950 ring-emerald-300 dark:bg-emerald-950/40 dark:text-emerald-50 dark:ring-emerald-800",
  refunded: "bg-amber-50 text-amber-950 ring-amber-300 dark:bg-amber-950/40 dark:text-amber-50 dark:ring-amber-800",
  failed: "bg-rose-50 text-rose-950 ring-rose-300 dark:bg-rose-950/40 dark:text-rose-50 dark:ring-rose-800",
  expired: "bg-slate-100 text-slate-900 ring-slate-300 dark:bg-slate-800 dark:text-slate-50 dark:ring-slate-600",
};

export function SwapView({ id, sandbox, onEvent, newSwapHref = "/" }: Props) {
  const t = useTranslations("swap");
  const [token, setToken] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    const read = () => setToken(tokenFromHash(window.location.hash));
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);

  const status = useSwapStatus(id, token ?? null);
  const swap = status.data?.swap;

  const lastStatus = useRef<SwapStatus | null>(null);
  useEffect(() => {
    if (!swap || lastStatus.current === swap.status) return;
    lastStatus.current = swap.status;
    onEvent?.("status", { id: swap.id, status: swap.status });
    if (isTerminalStatus(swap.status)) onEvent?.("terminal", { id: swap.id, status: swap.status });
  }, [swap, onEvent]);

  if (token === null) {
    return (
      <Panel>
        <h1 className="text-xl font-semibold">{t("missingTokenTitle")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("missingTokenBody")}</p>
      </Panel>
    );
  }
  if (status.error && !swap) {
    return (
      <Panel>
        <h1 className="text-xl font-semibold">{status.error.code === "swap_not_found" ? t("notFoundTitle") : t("loadFailedTitle")}</h1>
        <ErrorNotice
          className="mt-3"
          error={status.error}
          action={
            status.error.code === "swap_not_found" ? null : (
              <Button variant="secondary" size="sm" className="self-start" onClick={() => status.mutate()}>
                {t("retry")}
              </Button>
            )
          }
        />
      </Panel>
    );
  }
  if (!swap || !status.data) {
    return (
      <Panel aria-busy="true">
        <span className="sr-only">{t("loading")}</span>
        <Skeleton className="h-7 w-56" />
        <Skeleton className="mt-4 h-24 w-full" />
        <Skeleton className="mt-4 h-40 w-full" />
      </Panel>
    );
  }

  return (
    <div className="flex w-full flex-col gap-4">
      <Panel>
        <StatusHeader swap={swap} />
        <div className="mt-5 grid gap-6 md:grid-cols-[1fr_14rem]">
          <div className="min-w-0">
            {swap.status === "waiting_deposit" ? (
              <>
                <DepositInstructions swap={swap} />
                <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
                  <Outcome swap={swap} />
                </div>
              </>
            ) : swap.status === "expired" ? (
              <p className="text-slate-700 dark:text-slate-300">{t("expiredNothingSent")}</p>
            ) : (
              <Outcome swap={swap} />
            )}
          </div>
          <div className="md:border-l md:border-slate-200 md:pl-6 dark:md:border-slate-800">
            <StatusTimeline status={swap.status} />
            <Freshness fetchedAt={status.data.fetchedAt} asOf={status.data.asOf} terminal={isTerminalStatus(swap.status)} validating={status.isValidating} onRefresh={() => status.mutate()} />
          </div>
        </div>
      </Panel>

      {sandbox && token ? <SandboxPanel swap={swap} token={token} onChanged={(next) => status.mutate({ swap: next, asOf: new Date().toISOString(), fetchedAt: Date.now() }, { revalidate: false })} /> : null}

      <Panel>
        <h2 className="text-base font-semibold">{t("supportTitle")}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("supportBody")}</p>
        <dl className="mt-3 flex flex-col gap-2 text-sm">
          <SupportRow label={t("swapId")} value={swap.id} />
          {swap.externalId ? <SupportRow label={t("orderReference")} value={swap.externalId} /> : null}
          <SupportRow label={t("pageLink")} value={typeof window === "undefined" ? "" : window.location.href} display={t("pageLinkDisplay")} />
        </dl>
        {isTerminalStatus(swap.status) ? (
          <a href={newSwapHref} className="mt-4 inline-flex h-11 items-center rounded-xl bg-accent px-4 font-medium text-accent-fg">
            {t("newSwap")}
          </a>
        ) : null}
      </Panel>
    </div>
  );
}

function Panel({ children, className, ...props }: React.ComponentProps<"section">) {
  return (
    <section className={cn("w-full rounded-3xl bg-white p-4 shadow-xl shadow-slate-200/60 ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:shadow-none dark:ring-slate-800", className)} {...props}>
      {children}
    </section>
  );
}

function StatusHeader({ swap }: { swap: Swap }) {
  const t = useTranslations("status");
  return (
    <div className={cn("rounded-2xl p-4 ring-1", tone[swap.status])} data-testid="swap-status" data-status={swap.status}>
      <div aria-live="polite" aria-atomic="true">
        <h1 className="text-xl font-semibold tracking-tight">{t(`${swap.status}.title`)}</h1>
        <p className="mt-1">{t(`${swap.status}.body`)}</p>
      </div>
      {swap.errorMessage && (swap.status === "failed" || swap.status === "refunded" || swap.status === "underpaid") ? (
        <p className="mt-2 text-sm">
          <span className="font-medium">{t("providerMessage")}</span> {swap.errorMessage}
        </p>
      ) : null}
    </div>
  );
}

/** What was asked, what comes back and where it goes, worded for where the swap stands. */
function Outcome({ swap }: { swap: Swap }) {
  const t = useTranslations("swap");
  const locale = useLocale();
  const sentLabel =
    swap.status === "waiting_deposit" ? null : swap.status === "underpaid" || swap.status === "refunded" || swap.status === "failed" ? t("requested") : t("sent");
  const receiveLabel = swap.status === "completed" ? t("received") : swap.status === "refunded" || swap.status === "failed" ? t("quoted") : t("toReceive");
  return (
    <dl className="flex flex-col gap-3">
      {sentLabel ? (
      <div>
        <dt className="text-sm text-slate-600 dark:text-slate-400">{sentLabel}</dt>
        <dd className="text-lg font-semibold tabular-nums">
          {formatAmount(swap.deposit.amount, locale, swap.from.decimals)} {swap.deposit.token} <span className="text-sm font-normal text-slate-600 dark:text-slate-400">({networkLabel(swap.deposit.network)})</span>
        </dd>
      </div>
      ) : null}
      <div>
        <dt className="text-sm text-slate-600 dark:text-slate-400">{receiveLabel}</dt>
        <dd className="text-lg font-semibold tabular-nums">
          ≈ {formatAmount(swap.payout.estimatedAmount, locale, Math.min(swap.to.decimals, 8))} {swap.payout.token}{" "}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-400">({networkLabel(swap.payout.network)})</span>
        </dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600 dark:text-slate-400">{t("payoutAddress")}</dt>
        <dd className="font-mono text-sm break-all">{swap.payout.address}</dd>
        {swap.payout.memo ? <dd className="font-mono text-sm break-all">{t("memoValue", { memo: swap.payout.memo })}</dd> : null}
      </div>
    </dl>
  );
}

function Freshness({ fetchedAt, asOf, terminal, validating, onRefresh }: { fetchedAt: number; asOf: string | null; terminal: boolean; validating: boolean; onRefresh: () => void }) {
  const t = useTranslations("swap");
  const locale = useLocale();
  const time = new Intl.DateTimeFormat(locale, { timeStyle: "medium" }).format(asOf ? new Date(asOf) : new Date(fetchedAt));
  return (
    <div className="mt-5 flex flex-col gap-2 border-t border-slate-200 pt-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
      <p>
        {t("updatedAt", { time })}
        {terminal ? null : <span className="block">{t("autoRefresh")}</span>}
      </p>
      {terminal ? null : (
        <Button variant="secondary" size="sm" onClick={onRefresh} disabled={validating} className="self-start">
          {validating ? <Spinner className="size-3" /> : null}
          {t("refresh")}
        </Button>
      )}
    </div>
  );
}

function SupportRow({ label, value, display }: { label: string; value: string; display?: string }) {
  return (
    <div className="rounded-xl bg-slate-100/80 px-3 py-2 dark:bg-slate-800/60">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span className={display ? "min-w-0" : "min-w-0 truncate font-mono"}>{display ?? value}</span>
        <CopyButton value={value} label={label} />
      </dd>
    </div>
  );
}
