"use client";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { join } from "./join";

/** Copies `value` exactly as given (never the localized display) and says so. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useTranslations("common");
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  }

  const word = copied === "yes" ? t("copied") : copied === "failed" ? t("copyFailed") : t("copy");
  return (
    <>
      <button
        type="button"
        onClick={copy}
        // The visible word starts the accessible name (WCAG 2.5.3): "Copy Deposit address", "Copied Deposit address".
        aria-label={`${word} ${label}`}
        // Copied, the ring turns green (in the dark theme it keeps its slate): one ring colour at a time,
        // joined without tailwind-merge (components/ui/join.ts).
        className={join(
          "inline-flex min-h-9 max-w-full shrink-0 items-center gap-1.5 rounded-lg px-3 text-sm font-medium [overflow-wrap:anywhere] ring-1 transition hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800",
          copied === "yes" ? "text-emerald-700 ring-emerald-500 dark:text-emerald-400" : "ring-slate-300",
        )}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        >
          {copied === "yes" ? (
            <path d="M4 10.5l4 4 8-9" />
          ) : (
            <path d="M7 7V4.5A1.5 1.5 0 018.5 3h7A1.5 1.5 0 0117 4.5v7a1.5 1.5 0 01-1.5 1.5H13M4.5 7h7A1.5 1.5 0 0113 8.5v7a1.5 1.5 0 01-1.5 1.5h-7A1.5 1.5 0 013 15.5v-7A1.5 1.5 0 014.5 7z" />
          )}
        </svg>
        <span>{word}</span>
      </button>
      {/* Only the copy itself is said: the word inside the button changing back to "Copy", or with
        the page's language, is not news (each button used to announce it). */}
      <span role="status" className="sr-only">
        {copied ? `${word} ${label}` : ""}
      </span>
    </>
  );
}
