"use client";
// The swaps this browser has seen, newest first, each with its live status and where it pays out.
// Ids and tokens stay in localStorage; they are used only for the swap's own status call, as on its
// page. A swap opened from a link (anyone can send one) is marked so, beside its payout address.
import { useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { forgetAllSwaps, forgetSwap, restoreSwap, type MySwap } from "@/lib/client/my-swaps";
import { formatAmount } from "@/lib/swap/format";
import { networkLabel } from "@/lib/swap/asset-ref";
import { useSavedSwap } from "@/lib/client/use-saved-swap";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { join } from "../ui/join";
import { GroupedAddress } from "../ui/grouped-address";
import { Panel, PanelHeading } from "../ui/panel";
import { ReadingArrow } from "../ui/reading-arrow";
import { statusToneOf, toneDot } from "../ui/status-tone";

const SHOWN = 5;

/**
 * Where keyboard focus goes after an action removes the control that had it (a row's Forget, Undo,
 * Show all, the confirmation's buttons): somewhere that continues the task, never the page's top.
 */
type FocusTarget = { kind: "undo" } | { kind: "forgetAll" } | { kind: "cancel" } | { kind: "row"; id: string };

export function MySwapsList({
  swaps,
  swapPath,
  swapQuery,
}: {
  swaps: readonly MySwap[];
  swapPath: string;
  swapQuery: string;
}) {
  const t = useTranslations("mySwaps");
  const [all, setAll] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [forgotten, setForgotten] = useState<MySwap | null>(null);
  const shown = all ? swaps : swaps.slice(0, SHOWN);
  const panel = useRef<HTMLElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (!target || !panel.current) return;
    const selector =
      target.kind === "row" ? `[data-swap-id="${CSS.escape(target.id)}"] a` : `[data-focus="${target.kind}"]`;
    panel.current.querySelector<HTMLElement>(selector)?.focus();
  });

  // Asking moves focus to the harmless answer (Cancel); cancelling goes back to "Forget all".
  const askToForgetAll = (open: boolean) => {
    focusNext.current = { kind: open ? "cancel" : "forgetAll" };
    setConfirming(open);
  };

  return (
    <Panel ref={panel} raised={false} aria-labelledby="my-swaps-heading" data-testid="my-swaps" className="mt-6">
      <PanelHeading
        id="my-swaps-heading"
        size="base"
        action={
          confirming ? null : (
            <Button variant="ghost" size="sm" data-focus="forgetAll" onClick={() => askToForgetAll(true)}>
              {t("forgetAll")}
            </Button>
          )
        }
      >
        {t("heading")}
      </PanelHeading>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("privacy")}</p>
      {shown.some((saved) => !saved.createdHere) ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("fromLinkNote")}</p>
      ) : null}

      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="forget-all-question"
          className="mt-3 flex flex-col gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300 dark:bg-amber-950/40 dark:text-amber-50 dark:ring-amber-800"
        >
          <p id="forget-all-question">{t("forgetAllQuestion", { count: swaps.length })}</p>
          <div className="flex gap-2">
            <Button
              size="sm"
              onClick={() => {
                // The list goes with its last swap: the heading of the checkout's step takes focus.
                document.querySelector<HTMLElement>("#main h1[tabindex]")?.focus();
                forgetAllSwaps();
                setConfirming(false);
              }}
            >
              {t("forgetAllYes")}
            </Button>
            <Button variant="secondary" size="sm" data-focus="cancel" onClick={() => askToForgetAll(false)}>
              {t("cancel")}
            </Button>
          </div>
        </div>
      ) : null}

      {/* Rendered while empty, so what appears in it is announced. */}
      <div role="status">
        {forgotten ? (
          <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            {t("forgotOne", { id: forgotten.id })}
            <Button
              variant="secondary"
              size="sm"
              data-focus="undo"
              onClick={() => {
                focusNext.current = { kind: "row", id: forgotten.id };
                restoreSwap(forgotten);
                setForgotten(null);
              }}
            >
              {t("undo")}
            </Button>
          </p>
        ) : null}
      </div>

      <ul className="mt-3 flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
        {shown.map((saved) => (
          <Row
            key={saved.id}
            saved={saved}
            href={`${swapPath}/${saved.id}${swapQuery}#t=${saved.token}`}
            onForget={() => {
              focusNext.current = { kind: "undo" };
              forgetSwap(saved.id);
              setForgotten(saved);
            }}
          />
        ))}
      </ul>
      {swaps.length > SHOWN && !all ? (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          onClick={() => {
            // The first swap that was hidden takes focus, where reading goes on.
            focusNext.current = { kind: "row", id: swaps[SHOWN]!.id };
            setAll(true);
          }}
        >
          {t("showAll", { count: swaps.length })}
        </Button>
      ) : null}
    </Panel>
  );
}

function Row({ saved, href, onForget }: { saved: MySwap; href: string; onForget: () => void }) {
  const t = useTranslations("mySwaps");
  const ts = useTranslations("status");
  const locale = useLocale();
  // One status read per saved swap shown, when the list shows; no polling here.
  const { data, error } = useSavedSwap(saved);
  const swap = data?.swap;
  return (
    <li className="flex items-center gap-3 py-2.5" data-testid="my-swap" data-swap-id={saved.id}>
      {/* Beside the first line: a row grows to four lines with a link's origin and payout. */}
      <span
        aria-hidden="true"
        className={join(
          "mt-[0.4375rem] size-2.5 shrink-0 self-start rounded-full",
          swap ? toneDot[statusToneOf[swap.status]] : "bg-slate-300 dark:bg-slate-600",
        )}
      />
      <a href={href} className="flex min-w-0 flex-1 flex-col rounded-lg hover:underline">
        {/* Which USDT: the payout's network too. Both lines wrap rather than cut the date short. */}
        <span className="font-medium break-words">
          {swap ? (
            <>
              <bdi dir="ltr">
                {formatAmount(swap.deposit.amount, locale, swap.from.decimals)} {swap.deposit.token}
              </bdi>{" "}
              <ReadingArrow /> {swap.payout.token} ({networkLabel(swap.payout.network)})
            </>
          ) : (
            t("swapId", { id: saved.id })
          )}
        </span>
        <span className="text-sm break-words text-slate-600 dark:text-slate-400" data-testid="my-swap-status">
          {swap
            ? ts(`${swap.status}.title`)
            : error
              ? error.code === "swap_not_found"
                ? t("notFound")
                : t("unavailable")
              : t("loading")}
          {" · "}
          {new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
            new Date(swap?.createdAt ?? saved.savedAt),
          )}
        </span>
        {saved.createdHere && !swap ? null : (
          <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            {saved.createdHere ? null : <Badge tone="needsLook">{t("fromLink")}</Badge>}
            {swap ? (
              <span data-testid="my-swap-payout">
                {t("paysOutTo")}{" "}
                <span className="font-mono" title={swap.payout.address}>
                  <GroupedAddress address={swap.payout.address} short />
                </span>
              </span>
            ) : null}
          </span>
        )}
      </a>
      <Button variant="ghost" size="sm" onClick={onForget}>
        {t("forget")}
        <span className="sr-only"> {t("swapId", { id: saved.id })}</span>
      </Button>
    </li>
  );
}
