"use client";
// The dashboard's state: search, filters and paging live in the URL (?q=…&status=completed,failed
// &createdFrom=…&offset=…); the list, the summary and the webhook log come from the ledger through
// /api/partner/*, refreshed every 30 s (they cost no upstream call).
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import useSWR from "swr";
import { dashboardSwapListAnswer, type AnswerCheck } from "@/lib/schema/answers";
import { bff, BffError } from "@/lib/client/bff";
import * as z from "zod/mini";
import { DASHBOARD_PAGE_SIZE, dashboardSummarySchema, timeZoneSchema, webhookLogSchema } from "@/lib/schema/dashboard";
import { loginPath } from "@/lib/schema/pages";
import { isSigningOut, signedIn } from "@/lib/client/signing-out";
import { funnelSchema, volumeSchema, type funnelGroupings } from "@/lib/schema/funnel";
import {
  isoDateTimeSchema,
  swapIdPattern,
  swapStatusSchema,
  swapStatuses,
  type SwapStatus,
} from "@/lib/schema/partner";

export type DashboardView = {
  q: string;
  status: SwapStatus[];
  createdFrom: string | null;
  createdTo: string | null;
  limit: number;
  offset: number;
};

export const pageSizes = [25, 50, 100] as const;
const AUTO_REFRESH_MS = 30_000;
export const WEBHOOK_PAGE = 10;

/** The funnel's breakdown: by pair, language or origin (by day is the API's, not this table's). */
export type FunnelBreakdown = Exclude<(typeof funnelGroupings)[number], "day">;
export const funnelBreakdowns: readonly FunnelBreakdown[] = ["pair", "locale", "origin"];

const wholeNumber = (text: string | null, min: number, max: number, fallback: number) => {
  if (text === null || !/^\d{1,9}$/.test(text)) return fallback;
  const n = Number(text);
  return n >= min && n <= max ? n : fallback;
};
const isoOrNull = (text: string | null) => (text !== null && isoDateTimeSchema.safeParse(text).success ? text : null);

/** What the URL asks for; anything malformed is dropped, so a bad link still opens the dashboard. */
function viewFromParams(params: URLSearchParams): DashboardView {
  const asked = new Set((params.get("status") ?? "").split(","));
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    status: swapStatuses.filter((s) => asked.has(s)),
    createdFrom: isoOrNull(params.get("createdFrom")),
    createdTo: isoOrNull(params.get("createdTo")),
    limit: wholeNumber(params.get("limit"), 1, 100, DASHBOARD_PAGE_SIZE),
    offset: wholeNumber(params.get("offset"), 0, 1_000_000_000, 0),
  };
}

type QueryParts = { search?: boolean; paging?: boolean };

/** The query of a view: the filters always, the search and paging unless left out. */
function viewQuery(view: DashboardView, { search = true, paging = true }: QueryParts = {}): string {
  const params = new URLSearchParams();
  if (search && view.q) params.set("q", view.q);
  if (view.status.length) params.set("status", view.status.join(","));
  if (view.createdFrom) params.set("createdFrom", view.createdFrom);
  if (view.createdTo) params.set("createdTo", view.createdTo);
  if (paging) {
    if (view.limit !== DASHBOARD_PAGE_SIZE) params.set("limit", String(view.limit));
    if (view.offset > 0) params.set("offset", String(view.offset));
  }
  // Commas and colons read better in a URL and are safe in a query.
  return params.toString().replaceAll("%2C", ",").replaceAll("%3A", ":");
}

/** The browser's IANA time zone; UTC if it has none the server could check. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return z.safeParse(timeZoneSchema, zone).success ? zone : "UTC";
}

/** A date input's `yyyy-mm-dd` for an instant, in the browser's time zone. */
export function dateInputValue(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The first or last instant of a `yyyy-mm-dd` day in the browser's time zone, as ISO; null while the
 * day is still being typed. A date field reports each digit of the year as it comes ("0002",
 * "0020", "0202", "2026"), so a year before 1970 is taken as unfinished: no swap is that old.
 */
export function dayBoundary(day: string, edge: "start" | "end"): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number(day.slice(0, 4)) < 1970) return null;
  const d = new Date(`${day}T${edge === "start" ? "00:00:00.000" : "23:59:59.999"}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export const quickRanges = ["today", "7d", "30d"] as const;
export type QuickRange = (typeof quickRanges)[number];

/** The first day of a quick range (today, or the last 7 or 30 days including today), local time. */
export function quickRangeStart(range: QuickRange, now = new Date()): string {
  const days = range === "today" ? 0 : range === "7d" ? 6 : 29;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  return dateInputValue(start.toISOString());
}

/**
 * `loading`: swaps read so far while the ledger reads the provider's whole history, else null;
 * `rewardsPending`: completed swaps of the filter whose reward the ledger is still fetching, else null.
 */
type LedgerStamp = {
  asOf: number | null;
  inSyncAt: number | null;
  loading: number | null;
  rewardsPending: number | null;
};

function useLedgerRead<T>(
  path: string | null,
  schema: AnswerCheck<T>,
  onStamp: (stamp: LedgerStamp) => void,
  refreshMs = AUTO_REFRESH_MS,
) {
  return useSWR<T, BffError>(
    path,
    (p: string) =>
      bff(p, schema, {
        onHeaders: (h) => {
          const stamp = (name: string) => {
            const t = Date.parse(h.get(name) ?? "");
            return Number.isFinite(t) ? t : null;
          };
          const count = (name: string) => (/^\d{1,9}$/.test(h.get(name) ?? "") ? Number(h.get(name)) : null);
          onStamp({
            asOf: stamp("x-ledger-as-of"),
            inSyncAt: stamp("x-ledger-in-sync-at"),
            loading: count("x-ledger-loading"),
            rewardsPending: count("x-ledger-rewards-pending"),
          });
        },
      }),
    {
      keepPreviousData: true,
      refreshInterval: refreshMs,
      shouldRetryOnError: (error) => error.code !== "unauthorized" && error.code !== "validation_error",
      errorRetryCount: 2,
    },
  );
}

export function useDashboard() {
  const router = useRouter();
  const params = useSearchParams();
  const view = useMemo(() => viewFromParams(new URLSearchParams(params.toString())), [params]);
  const [stamp, setStamp] = useState<LedgerStamp>({
    asOf: null,
    inSyncAt: null,
    loading: null,
    rewardsPending: null,
  });
  const [webhookOffset, setWebhookOffset] = useState(0);
  const [breakdown, setBreakdown] = useState<FunnelBreakdown>("pair");

  const query = viewQuery(view);
  // The chart counts the operator's calendar days, the ones the date filters pick.
  const summaryQuery = [
    viewQuery(view, { search: false, paging: false }),
    `tz=${encodeURIComponent(browserTimeZone())}`,
  ]
    .filter(Boolean)
    .join("&");
  // The list's answer has a generated check (lib/schema/answer-schemas.generated.ts); the summary and
  // the webhook log have none yet, so they are still checked with their zod schemas.
  const list = useLedgerRead(`/api/partner/swaps${query ? `?${query}` : ""}`, dashboardSwapListAnswer, setStamp);
  const summary = useLedgerRead(
    `/api/partner/summary${summaryQuery ? `?${summaryQuery}` : ""}`,
    dashboardSummarySchema,
    () => {},
  );
  // The funnel takes the same period as the list (the orders first quoted in it), and no other filter.
  const period = new URLSearchParams();
  if (view.createdFrom) period.set("createdFrom", view.createdFrom);
  if (view.createdTo) period.set("createdTo", view.createdTo);
  const volume = useLedgerRead(
    `/api/partner/volume${period.size ? `?${period.toString().replaceAll("%3A", ":")}` : ""}`,
    volumeSchema,
    () => {},
  );
  period.set("groupBy", breakdown);
  const funnel = useLedgerRead(
    `/api/partner/funnel?${period.toString().replaceAll("%3A", ":")}`,
    funnelSchema,
    () => {},
  );
  const webhooks = useLedgerRead(
    `/api/partner/webhooks?limit=${WEBHOOK_PAGE}&offset=${webhookOffset}`,
    webhookLogSchema,
    () => {},
    15_000,
  );

  // A dashboard opened after signing in takes 401s as a lapse again (lib/client/signing-out.ts).
  useEffect(signedIn, []);
  // A lapsed session sends the operator to the login page, which says so and brings them back to
  // the same filters and page; not while Sign out is under way, whose own 401s are no lapse.
  useEffect(() => {
    if (![list.error, summary.error, funnel.error, webhooks.error].some((e) => e?.code === "unauthorized")) return;
    if (isSigningOut()) return;
    router.replace(loginPath(true, query));
  }, [list.error, summary.error, funnel.error, webhooks.error, router, query]);

  // Each choice is a step the browser's Back undoes (a status, a range, a page); a search typed
  // letter by letter replaces its own step instead of adding one per pause.
  const show = useCallback(
    (next: DashboardView, history: "push" | "replace" = "push") => {
      const q = viewQuery(next);
      router[history](q ? `/partner?${q}` : "/partner", { scroll: false });
    },
    [router],
  );

  // The swap whose details are open is part of the URL (?swap=ID): a reload or a shared link opens
  // it again, and Back closes it rather than undoing the filter chosen before it.
  const asked = params.get("swap");
  const openSwapId = asked && swapIdPattern.test(asked) ? asked : null;
  const openedHere = useRef(false);
  const openSwap = useCallback(
    (id: string) => {
      const q = viewQuery(view);
      openedHere.current = true;
      router.push(`/partner?${q ? `${q}&` : ""}swap=${id}`, { scroll: false });
    },
    [router, view],
  );
  const closeSwap = useCallback(() => {
    // Already gone from the URL (Back closed it, and the dialog reports its own close): nothing to undo.
    if (!openSwapId) return;
    // Opened on this page: Back is the same as closing. Opened from a link: drop it from the URL.
    if (openedHere.current) router.back();
    else show(view, "replace");
    openedHere.current = false;
  }, [openSwapId, router, show, view]);

  const refreshAll = useCallback(() => {
    void list.mutate();
    void summary.mutate();
    void funnel.mutate();
    void volume.mutate();
    void webhooks.mutate();
  }, [list, summary, funnel, volume, webhooks]);

  const filters = viewQuery(view, { paging: false });
  return {
    view,
    list,
    summary,
    funnel,
    volume,
    breakdown,
    setBreakdown,
    webhooks,
    webhookOffset,
    setWebhookOffset,
    stamp,
    show,
    openSwapId,
    openSwap,
    closeSwap,
    refreshAll,
    csvHref: `/api/partner/swaps.csv${filters ? `?${filters}` : ""}`,
  };
}

export const statusOptions = swapStatusSchema.options;
