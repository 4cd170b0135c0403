"use client";
// What to send, where, by when, in the order a nervous first-time sender needs it: the exact amount,
// the network, the memo (confirmed before the address shows), the address, and a QR that opens the
// payment in a wallet. Every copy button copies the exact string, never the display.
import { useEffect, useMemo, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { DepositAsset } from "@/lib/schema/bff";
import type { Swap } from "@/lib/schema/partner";
import { memoNameOf, networkLabel } from "@/lib/swap/asset-ref";
import { clockText, formatAmount, momentText } from "@/lib/swap/format";
import { depositUri } from "@/lib/swap/payment-uri";
import { tokenStandard } from "@/lib/swap/asset-ref";
import { useServerNow } from "@/lib/client/use-now";
import { pastDepositDeadline } from "@/lib/client/use-swap-status";
import { CopyButton } from "../ui/copy-button";
import { Skeleton } from "../ui/spinner";
import { QrCode } from "./qr-code";
import { GroupedAddress } from "../ui/grouped-address";

type Props = {
  swap: Swap;
  /** The deposit asset (its contract or mint, its decimals), once known; null when nothing says (the QR is then the bare address). */
  asset: DepositAsset | null | undefined;
  /** The server's clock ahead of this browser's (ms), for the deadline's time left. */
  clockOffset?: number;
  /** Called when the deadline has passed while the swap still waits: time to ask how it ended. */
  onClosed?: () => void;
};

export function DepositInstructions({ swap, asset, clockOffset = 0, onClosed }: Props) {
  const t = useTranslations("deposit");
  const locale = useLocale();
  const { deposit } = swap;
  const network = networkLabel(deposit.network);
  const standard = asset ? tokenStandard(deposit.network, asset.contractAddress) : null;
  const amount = formatAmount(deposit.amount, locale, swap.from.decimals);
  const memoName = memoNameOf(deposit.network);
  const [memoConfirmed, setMemoConfirmed] = useState(false);
  const showAddress = !deposit.memo || memoConfirmed;
  const now = useServerNow(clockOffset);
  const closed = pastDepositDeadline(swap, now);
  // The last minutes: a deposit sent now may arrive after the deadline (an exchange's withdrawal
  // queue, a slow fee), and one that does is not swapped.
  const closing = !closed && Date.parse(deposit.deadline) - now < CLOSING_MS;
  useEffect(() => {
    if (closed) onClosed?.();
  }, [closed, onClosed]);

  // The deadline has passed and the provider has not said yet whether a deposit came in time: the
  // address and its QR go at once (a sender must not use them now), not when the next check answers.
  if (closed) {
    return (
      <section aria-labelledby="deposit-heading" className="flex flex-col gap-3" data-testid="deposit-closed">
        {/* The status box's heading says the deadline passed; this one names the section for a screen reader. */}
        <h2 id="deposit-heading" className="sr-only">
          {t("closedHeading")}
        </h2>
        <p className="rounded-xl bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300 dark:bg-amber-950/40 dark:text-amber-50 dark:ring-amber-800">
          <span className="font-semibold">{t("closedDoNotSend")}</span> {t("closedSentAlready")}
        </p>
        <Deadline swap={swap} clockOffset={clockOffset} closed />
      </section>
    );
  }

  return (
    // Phone first: at 390 × 844 the amount, the network, the time left, the memo, the address with its
    // copy and wallet buttons come before anything else; the QR, the tip and the rules follow.
    <section aria-labelledby="deposit-heading" className="flex flex-col gap-4">
      {/* The status box's heading is the one a person sees; this one names the section for a screen reader. */}
      <h2 id="deposit-heading" className="sr-only">
        {t("heading", { token: deposit.token, network })}
      </h2>
      {closing ? (
        <p
          role="status"
          className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300 dark:bg-amber-950/40 dark:text-amber-50 dark:ring-amber-800"
          data-testid="deposit-closing"
        >
          <span className="font-semibold">{t("closingTitle")}</span> {t("closingBody")}
        </p>
      ) : null}

      <div className="flex flex-col gap-1.5">
        <span className="text-sm text-slate-600 dark:text-slate-400" id="deposit-amount-label">
          {t("amount")}
        </span>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p
            className="text-2xl font-semibold [overflow-wrap:anywhere] tabular-nums"
            aria-labelledby="deposit-amount-label"
            data-testid="deposit-amount"
          >
            <bdi dir="ltr">
              {amount} {deposit.token}
            </bdi>
          </p>
          <CopyButton value={deposit.amount} label={t("amount")} />
        </div>
        {/* Shown in the page's language ("12.345,6789" in Spanish), the amount is also given as a
            wallet takes it, which is what Copy gives: typed as shown, "12.345" in a wallet that reads
            the dot as decimal is a thousandth of it. */}
        {amount !== deposit.amount ? (
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="deposit-amount-typed">
            {t("typeAs")}{" "}
            <span className="font-mono font-semibold" lang="en" dir="ltr">
              {deposit.amount}
            </span>
          </p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="text-slate-600 dark:text-slate-400">{t("networkLabel")}</span>
          <span
            data-testid="deposit-network"
            className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-0.5 font-semibold text-slate-900 ring-1 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600"
          >
            {network}
            {standard ? (
              <span className="rounded bg-slate-900 px-1.5 text-xs text-white dark:bg-slate-100 dark:text-slate-900">
                {standard}
              </span>
            ) : null}
          </span>
          <span className="text-slate-700 dark:text-slate-300">{t("networkWarning", { network })}</span>
        </p>
      </div>

      <Deadline swap={swap} clockOffset={clockOffset} />

      {/* The memo sits with the address it belongs to, in the "required" style of its own (not the tip's amber). */}
      <div className="flex flex-col gap-3">
        {deposit.memo ? (
          <div
            className="rounded-2xl bg-violet-50 p-3 ring-2 ring-violet-600 dark:bg-violet-950/40 dark:ring-violet-400"
            data-testid="deposit-memo-box"
          >
            <p className="flex items-center gap-2 text-sm font-semibold text-violet-950 dark:text-violet-50">
              <span id="deposit-memo-label">{t("memoName", { kind: memoName })}</span>
              <span className="rounded-full bg-violet-700 px-2 py-0.5 text-xs font-semibold text-white dark:bg-violet-300 dark:text-violet-950">
                {t("memoRequired")}
              </span>
            </p>
            <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <p
                className="font-mono text-2xl font-semibold tracking-wide break-all"
                data-testid="deposit-memo"
                aria-labelledby="deposit-memo-label"
                dir="ltr"
              >
                {deposit.memo}
              </p>
              <CopyButton value={deposit.memo} label={t("memoName", { kind: memoName })} />
            </div>
            {/* Once acknowledged, the why gives way to the address; the box stays. */}
            {memoConfirmed ? null : (
              <p className="mt-1 text-sm text-violet-950 dark:text-violet-100">{t("memoWarning")}</p>
            )}
            <label className="mt-2 flex cursor-pointer items-start gap-3 rounded-xl bg-white p-2.5 font-medium ring-1 ring-violet-300 dark:bg-slate-900 dark:ring-violet-700">
              <input
                type="checkbox"
                checked={memoConfirmed}
                onChange={(e) => setMemoConfirmed(e.target.checked)}
                className="mt-0.5 size-5 shrink-0 accent-violet-700"
              />
              {t("memoConfirm")}
            </label>
          </div>
        ) : null}

        {showAddress ? (
          <AddressAndQr swap={swap} asset={asset} amount={amount} />
        ) : (
          <p
            className="rounded-xl bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            data-testid="address-hidden"
          >
            {t("memoFirst")}
          </p>
        )}
      </div>

      {/* The exchange's fee: a short line, the why behind a disclosure. */}
      <details
        className="group rounded-xl bg-slate-100/80 px-3 py-2 text-sm dark:bg-slate-800/60"
        data-testid="exchange-warning"
      >
        <summary className="flex cursor-pointer list-none items-center gap-2 font-semibold marker:hidden">
          <span
            aria-hidden="true"
            className="inline-flex size-5 items-center justify-center rounded-full bg-amber-500 text-xs font-bold text-slate-950"
          >
            !
          </span>
          {t("exchangeTitle")}
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="ms-auto size-4 transition group-open:rotate-180"
            fill="currentColor"
          >
            <path d="M5.2 7.2a.75.75 0 011.06 0L10 10.94l3.74-3.74a.75.75 0 111.06 1.06l-4.27 4.27a.75.75 0 01-1.06 0L5.2 8.26a.75.75 0 010-1.06z" />
          </svg>
        </summary>{" "}
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t("exchangeBody", { amount, token: deposit.token })}</p>
      </details>

      <RateNote swap={swap} />

      <ul className="list-disc space-y-1 ps-5 text-sm text-slate-700 dark:text-slate-300">
        <li>{t("ruleOnlyThisAddress", { token: deposit.token, network })}</li>
        <li>{t("ruleExactAmount")}</li>
        <li>{t("ruleKeepLink")}</li>
      </ul>
    </section>
  );
}

function AddressAndQr({ swap, asset, amount }: { swap: Swap; asset: DepositAsset | null | undefined; amount: string }) {
  const t = useTranslations("deposit");
  const { deposit } = swap;
  const network = networkLabel(deposit.network);
  const [addressOnly, setAddressOnly] = useState(false);
  // A token needs its contract from the swap answer or the asset list; while the list loads the QR waits.
  const payment = useMemo(() => (asset === undefined ? null : depositUri(swap, asset)), [swap, asset]);
  const qrValue = payment && payment.kind === "uri" && !addressOnly ? payment.uri : deposit.address;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex min-w-0 flex-col gap-2">
        <span className="text-sm text-slate-600 dark:text-slate-400" id="deposit-address-label">
          {t("address")}
        </span>
        <p
          className="rounded-xl bg-slate-100 px-3 py-2 font-mono text-lg leading-relaxed dark:bg-slate-800"
          data-testid="deposit-address"
          data-address={deposit.address}
          aria-labelledby="deposit-address-label"
        >
          <GroupedAddress address={deposit.address} />
        </p>
        <div className="flex flex-wrap gap-2">
          <CopyButton value={deposit.address} label={t("address")} />
          {payment?.kind === "uri" ? (
            // target=_top: inside the widget's iframe a wallet link only opens from the top window.
            <a
              href={payment.uri}
              target="_top"
              data-testid="open-in-wallet"
              className="inline-flex h-9 items-center rounded-lg bg-accent px-3 text-sm font-semibold text-accent-fg md:hidden"
            >
              {t("openInWallet")}
            </a>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col items-center gap-2">
        {payment ? (
          <QrCode
            value={qrValue}
            alt={
              qrValue === deposit.address
                ? t("qrAlt", { token: deposit.token, network, address: deposit.address })
                : t("qrAltPayment", { amount, token: deposit.token, network, address: deposit.address })
            }
          />
        ) : (
          <Skeleton className="size-44" />
        )}
        {payment?.kind === "uri" ? (
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={addressOnly}
              onChange={(e) => setAddressOnly(e.target.checked)}
              className="size-4 accent-[var(--accent)]"
            />
            {t("qrAddressOnly")}
          </label>
        ) : null}
        {/* A QR of the bare address leaves the amount, and the memo where there is one, to the sender. */}
        {payment && qrValue === deposit.address ? (
          <p className="max-w-60 text-center text-xs text-slate-600 dark:text-slate-400" data-testid="qr-note">
            {deposit.memo ? t("qrIsAddressMemo") : t("qrIsAddress")}
          </p>
        ) : null}
      </div>
    </div>
  );
}

const CLOSING_MS = 10 * 60_000;

/** The deadline and the time left (none once it has passed). `clockOffset`: the server's clock ahead of this browser's. */
function Deadline({ swap, clockOffset, closed = false }: { swap: Swap; clockOffset: number; closed?: boolean }) {
  const t = useTranslations("deposit");
  const locale = useLocale();
  const now = useServerNow(clockOffset);
  const left = (Date.parse(swap.deposit.deadline) - now) / 1000;
  const deadline = momentText(swap.deposit.deadline, locale, { date: true });
  return (
    <p className="rounded-xl bg-slate-100/80 px-3 py-2 text-sm dark:bg-slate-800/60" data-testid="deposit-deadline">
      {t("deadline", { date: deadline })}
      {/* Past the deadline, no clock runs: the heading says it has passed. */}
      {closed ? null : (
        <>
          {" "}
          <span className="text-base font-semibold tabular-nums" data-testid="deposit-countdown">
            {t("timeLeft", { time: clockText(left, locale) })}
          </span>
        </>
      )}
    </p>
  );
}

/** What the amount to receive means: the estimate at the quote's time, not a promise. */
function RateNote({ swap }: { swap: Swap }) {
  const t = useTranslations("deposit");
  const locale = useLocale();
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      {t("rateNote", {
        amount: formatAmount(swap.payout.estimatedAmount, locale, Math.min(swap.to.decimals, 8)),
        token: swap.payout.token,
        time: momentText(swap.createdAt, locale),
      })}
    </p>
  );
}
