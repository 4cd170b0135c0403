"use client";
/* eslint-disable @next/next/no-img-element -- small SVG logos; next/image adds nothing here */
import { useState } from "react";
import { join } from "./ui/join";

/** A network's mark on an asset's logo: its native coin's logo, or its initial. */
export type ChainBadge = { label: string; logoUrl: string | null };

const logoSizes = { md: "size-8", lg: "size-10" } as const;

/**
 * An asset's logo, or its monogram when there is none or it fails to load; with its chain badged in
 * the corner when given. Lazy even on the first screen: an SVG logo is a document of its own, and
 * loaded eagerly they kept the main thread from the first frame (docs/benchmarks.md, Lighthouse).
 */
export function AssetLogo({
  symbol,
  logoUrl,
  size: sized = "md",
  chain,
}: {
  symbol: string;
  logoUrl: string | null;
  /** `lg`: the review's. A size, not a class that overrides one, so no tailwind-merge (components/ui/join.ts). */
  size?: keyof typeof logoSizes;
  chain?: ChainBadge;
}) {
  const [failed, setFailed] = useState(false);
  const size = join(logoSizes[sized], "shrink-0 rounded-full");
  const logo =
    !logoUrl || failed ? (
      <span
        aria-hidden="true"
        className={join(
          size,
          "inline-flex items-center justify-center bg-slate-200 text-xs font-bold text-slate-700 dark:bg-slate-700 dark:text-slate-100",
        )}
      >
        {symbol.slice(0, 3)}
      </span>
    ) : (
      <img
        src={logoUrl}
        alt=""
        loading="lazy"
        className={size}
        width={32}
        height={32}
        onError={() => setFailed(true)}
      />
    );
  if (!chain) return logo;
  return (
    <span className="relative inline-flex shrink-0" data-chain={chain.label}>
      {logo}
      <ChainMark chain={chain} />
    </span>
  );
}

function ChainMark({ chain }: { chain: ChainBadge }) {
  const [failed, setFailed] = useState(false);
  const ring = "absolute -end-1 -bottom-1 size-4 rounded-full ring-2 ring-white dark:ring-slate-800";
  if (!chain.logoUrl || failed)
    return (
      <span
        aria-hidden="true"
        className={join(
          ring,
          "inline-flex items-center justify-center bg-slate-700 text-[9px] font-bold text-white dark:bg-slate-200 dark:text-slate-900",
        )}
      >
        {chain.label.charAt(0)}
      </span>
    );
  return (
    <img
      src={chain.logoUrl}
      alt=""
      loading="lazy"
      className={join(ring, "bg-white")}
      width={16}
      height={16}
      onError={() => setFailed(true)}
    />
  );
}
