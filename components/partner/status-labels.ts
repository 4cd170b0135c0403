"use client";
// Operator wording of the spec's statuses (shorter than the checkout's, which speaks to the payer).
import { useTranslations } from "next-intl";
import type { RewardStatus, SwapStatus } from "@/lib/schema/partner";

export function useStatusLabels(): Record<SwapStatus, string> {
  const t = useTranslations("partner.statuses");
  return {
    waiting_deposit: t("waiting_deposit"),
    deposit_detected: t("deposit_detected"),
    underpaid: t("underpaid"),
    processing: t("processing"),
    completed: t("completed"),
    refunded: t("refunded"),
    failed: t("failed"),
    expired: t("expired"),
  };
}

export function useRewardStatusLabels(): Record<RewardStatus, string> {
  const t = useTranslations("partner.rewardStatuses");
  return { available: t("available"), claiming: t("claiming"), claimed: t("claimed") };
}

export const statusTone: Record<SwapStatus, string> = {
  waiting_deposit: "bg-sky-50 text-sky-900 ring-sky-200 dark:bg-sky-950/50 dark:text-sky-100 dark:ring-sky-900",
  deposit_detected: "bg-sky-50 text-sky-900 ring-sky-200 dark:bg-sky-950/50 dark:text-sky-100 dark:ring-sky-900",
  processing: "bg-sky-50 text-sky-900 ring-sky-200 dark:bg-sky-950/50 dark:text-sky-100 dark:ring-sky-900",
  underpaid: "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950/50 dark:text-amber-100 dark:ring-amber-800",
  completed: "bg-emerald-50 text-emerald-900 ring-emerald-300 dark:bg-emerald-950/50 dark:text-emerald-100 dark:ring-emerald-800",
  refunded: "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950/50 dark:text-amber-100 dark:ring-amber-800",
  failed: "bg-rose-50 text-rose-900 ring-rose-300 dark:bg-rose-950/50 dark:text-rose-100 dark:ring-rose-800",
  expired: "bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600",
};
