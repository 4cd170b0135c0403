"use client";
// Which swaps to show, applied as they are chosen: a search (swap id, external or customer id, an
// address), statuses, quick ranges (today, 7 days, 30 days) and a creation date range (days in the
// browser's time zone). Each answer comes from the ledger, so changing them costs nothing upstream.
import { useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { SwapStatus } from "@/lib/schema/partner";
import { useDebounced } from "@/lib/client/use-debounced";
import { card } from "../ui/panel";
import { Field } from "../ui/field";
import { Chip } from "./chip";
import { useStatusLabels } from "./status-labels";
import {
  dateInputValue,
  dayBoundary,
  quickRangeStart,
  quickRanges,
  statusOptions,
  type DashboardView,
  type QuickRange,
} from "./use-dashboard";

type Filters = Pick<DashboardView, "q" | "status" | "createdFrom" | "createdTo">;

export function DashboardFilters({
  view,
  onChange,
}: {
  view: DashboardView;
  onChange: (filters: Filters, history?: "push" | "replace") => void;
}) {
  const t = useTranslations("dashboard.filters");
  const labels = useStatusLabels();
  const id = useId();
  const [q, setQ] = useState(view.q);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [badRange, setBadRange] = useState(false);
  const current: Filters = { q: view.q, status: view.status, createdFrom: view.createdFrom, createdTo: view.createdTo };

  // The URL is the truth; dates are shown in this browser's time zone, so only once mounted.
  const viewKey = JSON.stringify([view.createdFrom, view.createdTo]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the browser's time zone is known only once mounted
    setFrom(dateInputValue(view.createdFrom));
    setTo(dateInputValue(view.createdTo));
    setBadRange(false);
  }, [viewKey]); // eslint-disable-line react-hooks/exhaustive-deps -- re-read only when the URL's range changes

  // The search applies once typing pauses. Starting a search is a choice Back undoes (one history
  // entry); refining or clearing it replaces that entry rather than adding one per pause.
  const settledQ = useDebounced(q.trim(), 400);
  // The search this box last put in the URL: a URL search that differs came from elsewhere (Back,
  // Forward, Clear) and is shown in the box; one the box put there is not written back over typing.
  const sentQ = useRef(view.q);
  useEffect(() => {
    // A settled value the box no longer shows (the URL moved on meanwhile) is stale, not a search.
    if (settledQ === view.q || settledQ !== q.trim()) return;
    sentQ.current = settledQ;
    onChange({ ...current, q: settledQ }, view.q === "" ? "push" : "replace");
  }, [settledQ]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new settled search applies
  useEffect(() => {
    if (view.q === sentQ.current) return;
    sentQ.current = view.q;
    setQ(view.q);
  }, [view.q]);

  function applyRange(nextFrom: string, nextTo: string) {
    setFrom(nextFrom);
    setTo(nextTo);
    const createdFrom = nextFrom ? dayBoundary(nextFrom, "start") : null;
    const createdTo = nextTo ? dayBoundary(nextTo, "end") : null;
    if ((nextFrom && !createdFrom) || (nextTo && !createdTo)) return; // still being typed
    if (createdFrom && createdTo && createdFrom > createdTo) return setBadRange(true);
    setBadRange(false);
    onChange({ ...current, createdFrom, createdTo });
  }

  const toggle = (value: SwapStatus) =>
    onChange({
      ...current,
      status: statusOptions.filter((s) => (s === value ? !view.status.includes(s) : view.status.includes(s))),
    });
  const quickLabels: Record<QuickRange, string> = {
    today: t("quick.today"),
    "7d": t("quick.7d"),
    "30d": t("quick.30d"),
  };
  const activeQuick = quickRanges.find((range) => !to && from === quickRangeStart(range));
  // The range's two ends: each bounds the other's picker.
  const ends = [
    {
      key: "from",
      label: t("createdFrom"),
      value: from,
      bounds: { max: to || undefined },
      apply: (value: string) => applyRange(value, to),
    },
    {
      key: "to",
      label: t("createdTo"),
      value: to,
      bounds: { min: from || undefined },
      apply: (value: string) => applyRange(from, value),
    },
  ];
  const anyFilter = view.q || view.status.length || view.createdFrom || view.createdTo;

  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <h2 id={`${id}-title`} className="sr-only">
        {t("title")}
      </h2>
      <form role="search" onSubmit={(e) => (e.preventDefault(), onChange({ ...current, q: q.trim() }))}>
        <Field
          id={`${id}-q`}
          label={t("search")}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          maxLength={200}
          placeholder={t("searchPlaceholder")}
          aria-describedby={`${id}-q-hint`}
          autoComplete="off"
          spellCheck={false}
        >
          <p id={`${id}-q-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {t("searchHint")}
          </p>
        </Field>
      </form>

      <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_auto]">
        <fieldset>
          <legend className="text-sm font-medium">{t("status")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {statusOptions.map((value) => (
              <Chip key={value} on={view.status.includes(value)} onClick={() => toggle(value)}>
                {labels[value]}
              </Chip>
            ))}
          </div>
        </fieldset>
        <fieldset className="lg:w-96">
          <legend className="text-sm font-medium">{t("created")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {quickRanges.map((range: QuickRange) => (
              <Chip key={range} on={activeQuick === range} onClick={() => applyRange(quickRangeStart(range), "")}>
                {quickLabels[range]}
              </Chip>
            ))}
            <Chip on={!from && !to} onClick={() => applyRange("", "")}>
              {t("quick.all")}
            </Chip>
          </div>
          <div className="mt-3 grid grid-cols-2 gap-3">
            {ends.map((end) => (
              <Field
                key={end.key}
                nested
                id={`${id}-${end.key}`}
                label={end.label}
                type="date"
                value={end.value}
                {...end.bounds}
                onChange={(e) => end.apply(e.target.value)}
                aria-invalid={badRange}
                aria-describedby={badRange ? `${id}-range` : undefined}
              />
            ))}
            {badRange ? (
              <p id={`${id}-range`} role="alert" className="col-span-2 text-sm text-rose-700 dark:text-rose-400">
                {t("badRange")}
              </p>
            ) : null}
          </div>
        </fieldset>
      </div>
      {anyFilter ? (
        <button
          type="button"
          onClick={() => {
            setQ("");
            onChange({ q: "", status: [], createdFrom: null, createdTo: null });
            // This button goes with the filters: the search, where filtering starts again, has focus.
            document.getElementById(`${id}-q`)?.focus();
          }}
          className="mt-4 text-sm font-medium text-emerald-800 underline underline-offset-2 hover:no-underline dark:text-emerald-300"
        >
          {t("clear")}
        </button>
      ) : null}
    </section>
  );
}
