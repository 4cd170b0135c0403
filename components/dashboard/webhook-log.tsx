"use client";
// The webhook delivery log, newest first: which event, for which swap, how it went, and a
// "Redeliver" that queues it again at once.
import { useState } from "react";
import { useTranslations } from "next-intl";
import type { SWRResponse } from "swr";
import { bff, BffError } from "@/lib/client/bff";
import type { WebhookLog as Log } from "@/lib/schema/dashboard";
import * as z from "zod/mini";
import { Button } from "../ui/button";
import { Badge } from "../ui/badge";
import { card } from "../ui/panel";
import type { Tone } from "../ui/status-tone";
import { Skeleton } from "../ui/spinner";
import { useDashboardFormat } from "./format";
import { WEBHOOK_PAGE } from "./use-dashboard";

const deliveryTone: Record<Log["deliveries"][number]["status"], Tone> = {
  delivered: "done",
  pending: "inFlight",
  failed: "failed",
};

/** `enabled`: WEBHOOK_URL and WEBHOOK_SECRET are set, so an empty log means no event yet, not "set them". */
export function WebhookLog({
  log,
  offset,
  onOffset,
  enabled,
}: {
  log: SWRResponse<Log, BffError>;
  offset: number;
  onOffset: (n: number) => void;
  enabled: boolean;
}) {
  const t = useTranslations("dashboard.webhooks");
  const f = useDashboardFormat();
  const [queued, setQueued] = useState<Record<string, "busy" | "done" | "error">>({});
  const data = log.data;
  const statusLabels = { pending: t("status.pending"), delivered: t("status.delivered"), failed: t("status.failed") };

  async function redeliver(id: string) {
    setQueued((q) => ({ ...q, [id]: "busy" }));
    try {
      await bff(`/api/partner/webhooks/${id}/redeliver`, z.object({ id: z.string() }), { method: "POST" });
      setQueued((q) => ({ ...q, [id]: "done" }));
      void log.mutate();
    } catch {
      setQueued((q) => ({ ...q, [id]: "error" }));
    }
  }

  return (
    <section aria-labelledby="webhooks-title" className={card}>
      <h2 id="webhooks-title" className="text-base font-semibold">
        {t("title")}
      </h2>
      {!data && log.error && log.error.code !== "unauthorized" ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("unavailable")}</p>
      ) : !data ? (
        <Skeleton className="mt-3 h-16 w-full" />
      ) : data.total === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{enabled ? t("emptyEnabled") : t("empty")}</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
            {data.deliveries.map((d) => (
              <li
                key={d.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5 text-sm"
                data-testid="webhook-delivery"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-xs font-medium">{d.type}</span>
                    <Badge tone={deliveryTone[d.status]}>{statusLabels[d.status]}</Badge>
                  </p>
                  <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                    {t("line", { swap: d.swapId, attempts: d.attempts, answer: d.lastResponse ?? t("noAnswer") })}
                    {` · ${t("at", { time: f.dateTime(d.createdAt) })}`}
                    {d.deliveredAt ? ` · ${t("deliveredAt", { time: f.dateTime(d.deliveredAt) })}` : ""}
                    {d.nextAttemptAt ? ` · ${t("next", { time: f.dateTime(d.nextAttemptAt) })}` : ""}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  {/* There before it has anything to say, so "Queued" is announced. */}
                  <span role="status" className="text-xs text-slate-600 dark:text-slate-400">
                    {queued[d.id] === "done" ? t("queued") : null}
                  </span>
                  {queued[d.id] === "error" ? (
                    <span role="alert" className="text-xs text-rose-700 dark:text-rose-400">
                      {t("failedToQueue")}
                    </span>
                  ) : null}
                  <Button
                    variant="secondary"
                    size="sm"
                    // Busy, it says so but keeps focus (a disabled button drops it to the page's top).
                    aria-disabled={queued[d.id] === "busy" || undefined}
                    onClick={() => void (queued[d.id] !== "busy" && redeliver(d.id))}
                    aria-label={t("redeliverLabel", { type: d.type, swap: d.swapId })}
                  >
                    {t("redeliver")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {data.total > WEBHOOK_PAGE ? (
            <div className="mt-2 flex items-center justify-between gap-2 text-sm">
              <span className="tabular-nums">
                {t("range", { from: offset + 1, to: offset + data.deliveries.length, total: data.total })}
              </span>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={offset === 0}
                  onClick={() => onOffset(Math.max(0, offset - WEBHOOK_PAGE))}
                >
                  {t("newer")}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={offset + WEBHOOK_PAGE >= data.total}
                  onClick={() => onOffset(offset + WEBHOOK_PAGE)}
                >
                  {t("older")}
                </Button>
              </div>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
