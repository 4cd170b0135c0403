"use client";
// The dashboard's state: filters and paging live in the URL (?status=completed,failed&createdFrom=…
// &offset=…), the list comes from /api/partner/swaps, and a row can be re-read live.
import { useCallback, useEffect, useMemo, useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import useSWR from "swr";
import { bff, BffError } from "@/lib/checkout/api";
import { dashboardSwapListAnswer, swapAnswer } from "@/lib/schema/answers";
import { DASHBOARD_PAGE_SIZE, type DashboardSwapList } from "@/lib/schema/dashboard";
import { isoDateTimeSchema, swapStatusSchema, swapStatuses, type Swap, type SwapStatus } from "@/lib/schema/partner";

export type DashboardView = {
  status: SwapStatus[];
  createdFrom: string | null;
  createdTo: string | null;
  limit: number;
  offset: number;
};

export const pageSizes = [25, 50, 100] as const;

const wholeNumber = (text: string | null, min: number, max: number, fallback: number) => {
  if (text === null || !/^\d{1,9}$/.test(text)) return fallback;
  const n = Number(text);
  return n >= min && n <= max ? n : fallback;
};
const isoOrNull = (text: string | null) => (text !== null && isoDateTimeSchema.safeParse(text).success ? text : null);

/** What the URL asks for; anything malformed is dropped, so a bad link still opens the dashboard. */
export function viewFromParams(params: URLSearchParams): DashboardView {
  const asked = new Set((params.get("status") ?? "").split(","));
  return {
    status: swapStatuses.filter((s) => asked.has(s)),
    createdFrom: isoOrNull(params.get("createdFrom")),
    createdTo: isoOrNull(params.get("createdTo")),
    limit: wholeNumber(params.get("limit"), 1, 100, DASHBOARD_PAGE_SIZE),
    offset: wholeNumber(params.get("offset"), 0, 1_000_000_000, 0),
  };
}

/** The query of a view: the filters always, paging unless `filtersOnly` (the CSV takes every row). */
export function viewQuery(view: DashboardView, { filtersOnly = false } = {}): string {
  const params = new URLSearchParams();
  if (view.status.length) params.set("status", view.status.join(","));
  if (view.createdFrom) params.set("createdFrom", view.createdFrom);
  if (view.createdTo) params.set("createdTo", view.createdTo);
  if (!filtersOnly) {
    if (view.limit !== DASHBOARD_PAGE_SIZE) params.set("limit", String(view.limit));
    if (view.offset > 0) params.set("offset", String(view.offset));
  }
  // Commas and colons read better in a URL and are safe in a query.
  return params.toString().replaceAll("%2C", ",").replaceAll("%3A", ":");
}

/** A date input's `yyyy-mm-dd` for an instant, in the browser's time zone. */
export function dateInputValue(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The first or last instant of a `yyyy-mm-dd` day in the browser's time zone, as ISO. */
export function dayBoundary(day: string, edge: "start" | "end"): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const d = new Date(`${day}T${edge === "start" ? "00:00:00.000" : "23:59:59.999"}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export type RowRefresh = { state: "loading" } | { state: "done"; swap: Swap; at: number } | { state: "error"; error: BffError };

export function useDashboard() {
  const router = useRouter();
  const params = useSearchParams();
  const view = useMemo(() => viewFromParams(new URLSearchParams(params.toString())), [params]);
  const query = viewQuery(view);

  const list = useSWR<DashboardSwapList, BffError>(`/api/partner/swaps${query ? `?${query}` : ""}`, (path: string) => bff(path, dashboardSwapListAnswer), {
    keepPreviousData: true,
    // Each list read spends the upstream budget's lowest class: read when asked, not on focus.
    revalidateOnFocus: false,
    shouldRetryOnError: (error) => error.code !== "unauthorized" && error.code !== "validation_error",
    errorRetryCount: 2,
  });

  // A lapsed session sends the operator back to the login page.
  useEffect(() => {
    if (list.error?.code === "unauthorized") router.replace("/partner/login");
  }, [list.error, router]);

  // Live reads of single rows, until the next list read supersedes them.
  const [refreshed, setRefreshed] = useState<Record<string, RowRefresh>>({});
  useEffect(() => setRefreshed({}), [list.data]);

  const refreshRow = useCallback(async (id: string) => {
    setRefreshed((r) => ({ ...r, [id]: { state: "loading" } }));
    try {
      const swap = await bff(`/api/partner/swaps/${encodeURIComponent(id)}`, swapAnswer);
      setRefreshed((r) => ({ ...r, [id]: { state: "done", swap, at: Date.now() } }));
    } catch (error) {
      const failure = error instanceof BffError ? error : new BffError("internal_error", String(error), 0);
      if (failure.code === "unauthorized") router.replace("/partner/login");
      setRefreshed((r) => ({ ...r, [id]: { state: "error", error: failure } }));
    }
  }, [router]);

  const show = useCallback((next: DashboardView) => {
    const q = viewQuery(next);
    router.push(q ? `/partner?${q}` : "/partner", { scroll: false });
  }, [router]);

  const filters = viewQuery(view, { filtersOnly: true });
  return { view, list, refreshed, refreshRow, show, csvHref: `/api/partner/swaps.csv${filters ? `?${filters}` : ""}` };
}

export const statusOptions = swapStatusSchema.options;
