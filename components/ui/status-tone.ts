// The colours of a swap's status, one map for the checkout's status card and the dashboard's badges:
// in flight sky, needs a look amber, done emerald, failed rose, expired slate.
import type { SwapStatus } from "@/lib/schema/partner";

export const statusTone: Record<SwapStatus, string> = {
  waiting_deposit: "bg-sky-50 text-sky-950 ring-sky-200 dark:bg-sky-950/40 dark:text-sky-50 dark:ring-sky-900",
  deposit_detected: "bg-sky-50 text-sky-950 ring-sky-200 dark:bg-sky-950/40 dark:text-sky-50 dark:ring-sky-900",
  processing: "bg-sky-50 text-sky-950 ring-sky-200 dark:bg-sky-950/40 dark:text-sky-50 dark:ring-sky-900",
  underpaid: "bg-amber-50 text-amber-950 ring-amber-300 dark:bg-amber-950/40 dark:text-amber-50 dark:ring-amber-800",
  completed: "bg-emerald-50 text-emerald-950 ring-emerald-300 dark:bg-emerald-950/40 dark:text-emerald-50 dark:ring-emerald-800",
  refunded: "bg-amber-50 text-amber-950 ring-amber-300 dark:bg-amber-950/40 dark:text-amber-50 dark:ring-amber-800",
  failed: "bg-rose-50 text-rose-950 ring-rose-300 dark:bg-rose-950/40 dark:text-rose-50 dark:ring-rose-800",
  expired: "bg-slate-100 text-slate-900 ring-slate-300 dark:bg-slate-800 dark:text-slate-50 dark:ring-slate-600",
};
