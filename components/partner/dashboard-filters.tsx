"use client";
// Which swaps to show: any number of statuses and a creation date range (days in the browser's
// time zone). Applied with one button, since every new filter costs a full read for its totals.
import { useEffect, useId, useState } from "react";
import { useTranslations } from "next-intl";
import type { SwapStatus } from "@/lib/schema/partner";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { primaryAction } from "./styles";
import { statusOptions, dateInputValue, dayBoundary, type DashboardView } from "./use-dashboard";
import { useStatusLabels } from "./status-labels";

type Filters = Pick<DashboardView, "status" | "createdFrom" | "createdTo">;

const inputClass =
  "mt-1 h-10 w-full rounded-lg bg-white px-3 text-sm ring-1 ring-slate-300 outline-none transition focus:ring-2 focus:ring-accent aria-[invalid=true]:ring-rose-500 dark:bg-slate-950 dark:ring-slate-700 dark:[color-scheme:dark]";

export function DashboardFilters({ view, onApply }: { view: DashboardView; onApply: (filters: Filters) => void }) {
  const t = useTranslations("partner.filters");
  const labels = useStatusLabels();
  const id = useId();
  const [status, setStatus] = useState<SwapStatus[]>(view.status);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [badRange, setBadRange] = useState(false);

  // The URL is the truth; dates are shown in this browser's time zone, so only once mounted.
  const viewKey = JSON.stringify([view.status, view.createdFrom, view.createdTo]);
  useEffect(() => {
    setStatus(view.status);
    setFrom(dateInputValue(view.createdFrom));
    setTo(dateInputValue(view.createdTo));
    setBadRange(false);
  }, [viewKey]);

  function apply(event: React.FormEvent) {
    event.preventDefault();
    const createdFrom = from ? dayBoundary(from, "start") : null;
    const createdTo = to ? dayBoundary(to, "end") : null;
    if (createdFrom && createdTo && createdFrom > createdTo) {
      setBadRange(true);
      return;
    }
    setBadRange(false);
    onApply({ status, createdFrom, createdTo });
  }

  const toggle = (value: SwapStatus, on: boolean) => setStatus((current) => statusOptions.filter((s) => (s === value ? on : current.includes(s))));

  return (
    <form
      onSubmit={apply}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {t("title")}
      </h2>
      <div className="mt-3 grid gap-4 lg:grid-cols-[1fr_auto]">
        <fieldset>
          <legend className="text-sm font-medium">{t("status")}</legend>
          <p id={`${id}-status-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            {t("statusHint")}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            {statusOptions.map((value) => (
              <label
                key={value}
                className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-full bg-slate-50 px-3 text-sm ring-1 ring-slate-300 has-[:checked]:bg-emerald-50 has-[:checked]:ring-accent dark:bg-slate-950 dark:ring-slate-700 dark:has-[:checked]:bg-emerald-950/50"
              >
                <input
                  type="checkbox"
                  name="status"
                  value={value}
                  checked={status.includes(value)}
                  onChange={(e) => toggle(value, e.target.checked)}
                  aria-describedby={`${id}-status-hint`}
                  className="size-4 accent-accent"
                />
                {labels[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-2 gap-3 lg:w-80">
          <div>
            <label htmlFor={`${id}-from`} className="text-sm font-medium">
              {t("createdFrom")}
            </label>
            <input
              id={`${id}-from`}
              type="date"
              name="createdFrom"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
              aria-invalid={badRange}
              aria-describedby={badRange ? `${id}-range` : undefined}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="text-sm font-medium">
              {t("createdTo")}
            </label>
            <input
              id={`${id}-to`}
              type="date"
              name="createdTo"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={badRange}
              aria-describedby={badRange ? `${id}-range` : undefined}
              className={inputClass}
            />
          </div>
          {badRange ? (
            <p id={`${id}-range`} role="alert" className="col-span-2 text-sm text-rose-700 dark:text-rose-400">
              {t("badRange")}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" className={cn(primaryAction, "h-8 px-3 text-sm")}>
          {t("apply")}
        </button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setStatus([]);
            setFrom("");
            setTo("");
            setBadRange(false);
            onApply({ status: [], createdFrom: null, createdTo: null });
          }}
        >
          {t("clear")}
        </Button>
      </div>
    </form>
  );
}
