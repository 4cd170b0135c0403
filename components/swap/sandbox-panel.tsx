"use client";
// Sandbox only: play the user's deposit and the swap's outcome, so the whole flow can be walked
// without money.
import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { Swap } from "@/lib/schema/partner";
// From codes, not partner: partner holds the zod schemas, which the browser does not load.
import { depositOutcomes, isTerminalStatus } from "@/lib/schema/codes";
import { BffError, swapSnapshot, type SwapSnapshot } from "@/lib/client/bff";
import { ErrorNotice } from "../error-notice";
import { Button } from "../ui/button";

type Outcome = "completed" | "refunded" | "failed";

/** Half of the amount, exactly, by decimal string arithmetic (no float). */
function halfOf(amount: string, decimals: number): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  const digits = BigInt(whole + fraction.padEnd(decimals, "0").slice(0, decimals));
  const half = (digits / 2n).toString().padStart(decimals + 1, "0");
  const cut = half.length - decimals;
  const result = decimals ? `${half.slice(0, cut)}.${half.slice(cut)}` : half;
  return result.replace(/\.?0+$/, "") || "0";
}

export function SandboxPanel({
  swap,
  token,
  onChanged,
}: {
  swap: Swap;
  token: string;
  onChanged: (snapshot: SwapSnapshot) => void;
}) {
  const t = useTranslations("sandbox");
  const [outcome, setOutcome] = useState<Outcome>("completed");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BffError | null>(null);
  const canDeposit = swap.status === "waiting_deposit";
  const heading = useRef<HTMLHeadingElement>(null);

  async function deposit(partial: boolean) {
    setBusy(true);
    setError(null);
    try {
      const next = await swapSnapshot(`/api/sandbox/swaps/${swap.id}/deposit`, {
        method: "POST",
        headers: { "x-swap-token": token },
        body: { outcome, ...(partial ? { amount: halfOf(swap.deposit.amount, swap.from.decimals) } : {}) },
      });
      onChanged(next);
      // The buttons go with the deposit: focus stays in this panel, not at the top of the page.
      heading.current?.focus();
    } catch (e) {
      setError(e instanceof BffError ? e : new BffError("internal_error", String(e), 0));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="sandbox-heading"
      className="w-full rounded-3xl border-2 border-dashed border-violet-300 bg-violet-50/60 p-4 sm:p-6 dark:border-violet-800 dark:bg-violet-950/30"
    >
      <h2
        id="sandbox-heading"
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold text-violet-950 outline-none dark:text-violet-100"
      >
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-violet-900 dark:text-violet-200">
        {canDeposit
          ? t("body")
          : swap.status === "expired"
            ? t("expired")
            : isTerminalStatus(swap.status)
              ? t("ended")
              : t("done")}
      </p>
      {canDeposit ? (
        <div className="mt-3 flex flex-col gap-3">
          <fieldset className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <legend className="mb-1 font-medium">{t("outcome")}</legend>
            {depositOutcomes.map((value) => (
              <label key={value} className="inline-flex items-center gap-1.5">
                <input
                  type="radio"
                  name="sandbox-outcome"
                  value={value}
                  checked={outcome === value}
                  onChange={() => setOutcome(value)}
                  className="size-4 accent-violet-700"
                />
                {t(`outcome_${value}`)}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button variant="sandbox" onClick={() => deposit(false)} disabled={busy}>
              {t("fullDeposit")}
            </Button>
            <Button variant="secondary" onClick={() => deposit(true)} disabled={busy}>
              {t("partialDeposit")}
            </Button>
          </div>
        </div>
      ) : null}
      {error ? <ErrorNotice error={error} className="mt-3" /> : null}
    </section>
  );
}
