"use client";
// The cards an operator looks at first, beside the rewards: how many checkouts completed, and how
// long completing took (median, from the first quote to the swap's completion).
import { useTranslations } from "next-intl";
import type { Funnel } from "@/lib/schema/funnel";
import { Skeleton } from "../ui/spinner";
import { card } from "../ui/panel";
import { cn } from "../ui/cn";
import { useFunnelFormat } from "./funnel-format";

export function FunnelCards({ funnel, unavailable = false }: { funnel: Funnel | undefined; unavailable?: boolean }) {
  const t = useTranslations("dashboard.funnel");
  const ff = useFunnelFormat();
  const items = [
    { key: "completion-rate", label: t("completionRate"), shown: funnel ? ff.share(funnel.stages.completed, funnel.stages.quoted) : undefined },
    {
      key: "median-time",
      label: t("medianTime"),
      shown: funnel ? (funnel.medianSecondsToComplete === null ? t("noneYet") : ff.duration(funnel.medianSecondsToComplete)) : undefined,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3">
      {items.map((item) => (
        <div key={item.key} className={cn(card, "min-w-0")}>
          <dt className="text-sm text-slate-600 dark:text-slate-400">{item.label}</dt>
          <dd className="mt-1 text-xl font-semibold tracking-tight tabular-nums sm:text-2xl" data-testid={item.key}>
            {item.shown ?? (unavailable ? <span aria-label={t("unavailable")}>–</span> : <Skeleton className="h-7 w-24" />)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
