"use client";
// Before a second swap is made: is there one this device made, to the same address for the same
// pair, still waiting for its deposit? Then a person who went Back to check a detail, or reopened
// the checkout, may be about to get a second deposit address and send twice. Reads each recent
// swap's status as the "my swaps" list does (the same cache entries: no extra read when the list
// already read it).
import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { listMySwaps, type MySwap } from "@/lib/client/my-swaps";
import { formatAmount, momentText } from "@/lib/swap/format";
import { useSavedSwap } from "@/lib/client/use-saved-swap";
import type { Asset, Swap } from "@/lib/schema/partner";

const RECENT_MS = 24 * 60 * 60 * 1000;
const LOOKED_AT = 3;

type Wanted = { from: Asset; to: Asset; address: string };

/** Hex addresses (EVM, TON raw) are the same in any case; the rest are compared as written. */
const sameAddress = (a: string, b: string) =>
  /^0x/i.test(a) ? a.toLowerCase() === b.trim().toLowerCase() : a === b.trim();

function isTwin(swap: Swap, wanted: Wanted, now: number): boolean {
  return (
    swap.status === "waiting_deposit" &&
    Date.parse(swap.deposit.deadline) > now &&
    swap.deposit.token === wanted.from.symbol &&
    swap.deposit.network === wanted.from.network &&
    swap.payout.token === wanted.to.symbol &&
    swap.payout.network === wanted.to.network &&
    sameAddress(swap.payout.address, wanted.address)
  );
}

function Probe({ saved, onSwap }: { saved: MySwap; onSwap: (saved: MySwap, swap: Swap) => void }) {
  const { data } = useSavedSwap(saved);
  useEffect(() => {
    if (data) onSwap(saved, data.swap);
  }, [data, saved, onSwap]);
  return null;
}

export function WaitingTwinNotice({
  wanted,
  now,
  swapPath,
  swapQuery,
}: {
  wanted: Wanted;
  now: number;
  swapPath: string;
  swapQuery: string;
}) {
  const t = useTranslations("review");
  const locale = useLocale();
  // Read once, when the review opens: the swap about to be made must not count as its own twin.
  const [recent] = useState(() =>
    listMySwaps()
      .filter((s) => now - s.savedAt < RECENT_MS)
      .slice(0, LOOKED_AT),
  );
  const [seen, setSeen] = useState<Record<string, { saved: MySwap; swap: Swap }>>({});
  const [onSwap] = useState(
    () => (saved: MySwap, swap: Swap) =>
      setSeen((prev) => (prev[saved.id]?.swap === swap ? prev : { ...prev, [saved.id]: { saved, swap } })),
  );
  const twin = recent.map((s) => seen[s.id]).find((found) => found && isTwin(found.swap, wanted, now));
  return (
    <>
      {recent.map((saved) => (
        <Probe key={saved.id} saved={saved} onSwap={onSwap} />
      ))}
      {twin ? (
        <div
          role="status"
          className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300 dark:bg-amber-950/50 dark:text-amber-50 dark:ring-amber-800"
          data-testid="waiting-twin"
        >
          <p className="font-semibold">{t("twinTitle")}</p>
          <p className="mt-1">
            {t("twinBody", {
              amount: `${formatAmount(twin.swap.deposit.amount, locale, twin.swap.from.decimals)} ${twin.swap.deposit.token}`,
              created: momentText(twin.swap.createdAt, locale),
            })}
          </p>
          <a
            href={`${swapPath}/${twin.saved.id}${swapQuery}#t=${twin.saved.token}`}
            className="mt-2 inline-block font-medium underline underline-offset-2 hover:no-underline"
          >
            {t("twinOpen")}
          </a>
        </div>
      ) : null}
    </>
  );
}
