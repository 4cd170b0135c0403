// The colours of where things stand, one definition for the whole UI: the swap page's status card,
// the dashboard's status and webhook badges, and the dots of the list of past swaps. In flight sky,
// needs a look amber, done emerald, failed rose, ended without a result slate.
import type { SwapStatus } from "@/lib/schema/partner";

export type Tone = "inFlight" | "needsLook" | "done" | "failed" | "ended";

/** A status card's or badge's background, text and ring (the ring's width is the caller's). */
export const toneSurface: Record<Tone, string> = {
  inFlight: "bg-sky-50 text-sky-950 ring-sky-200 dark:bg-sky-950/40 dark:text-sky-50 dark:ring-sky-900",
  needsLook: "bg-amber-50 text-amber-950 ring-amber-300 dark:bg-amber-950/40 dark:text-amber-50 dark:ring-amber-800",
  done: "bg-emerald-50 text-emerald-950 ring-emerald-300 dark:bg-emerald-950/40 dark:text-emerald-50 dark:ring-emerald-800",
  failed: "bg-rose-50 text-rose-950 ring-rose-300 dark:bg-rose-950/40 dark:text-rose-50 dark:ring-rose-800",
  ended: "bg-slate-100 text-slate-900 ring-slate-300 dark:bg-slate-800 dark:text-slate-50 dark:ring-slate-600",
};

/** A status dot's fill, beside words that say the status (the colour is never the only sign). */
export const toneDot: Record<Tone, string> = {
  inFlight: "bg-sky-500",
  needsLook: "bg-amber-500",
  done: "bg-emerald-500",
  failed: "bg-rose-500",
  ended: "bg-slate-400",
};

export const statusToneOf: Record<SwapStatus, Tone> = {
  waiting_deposit: "inFlight",
  deposit_detected: "inFlight",
  processing: "inFlight",
  underpaid: "needsLook",
  completed: "done",
  refunded: "needsLook",
  failed: "failed",
  expired: "ended",
};
