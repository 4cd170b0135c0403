"use client";
// Operator wording of the spec's statuses (shorter than the checkout's, which speaks to the payer).
import { useTranslations } from "next-intl";
import type { RewardStatus, SwapStatus } from "@/lib/schema/partner";

export function useStatusLabels(): Record<SwapStatus, string> {
  const t = useTranslations("dashboard.statuses");
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
  const t = useTranslations("dashboard.rewardStatuses");
  return { available: t("available"), claiming: t("claiming"), claimed: t("claimed") };
}
