"use client";
import { useState } from "react";
import { cn } from "./ui/cn";

/** An asset's logo, or its monogram when there is none or it fails to load. */
export function AssetLogo({ symbol, logoUrl, className }: { symbol: string; logoUrl: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  const size = cn("size-8 shrink-0 rounded-full", className);
  if (!logoUrl || failed) {
    return (
      <span
        aria-hidden="true"
        className={cn(size, "inline-flex items-center justify-center bg-slate-200 text-xs font-bold text-slate-700 dark:bg-slate-700 dark:text-slate-100")}
      >
        {symbol.slice(0, 3)}
      </span>
    );
  }
  // eslint-disable-next-line @next/next/no-img-element -- small SVG logos; next/image adds nothing here
  return <img src={logoUrl} alt="" className={size} width={32} height={32} onError={() => setFailed(true)} />;
}
