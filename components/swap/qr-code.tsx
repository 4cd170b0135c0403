"use client";
/* eslint-disable @next/next/no-img-element -- a generated data: SVG */
// A QR code of the deposit's payment URI (or its address), drawn as SVG in the browser. The library loads only on the
// swap page, so the checkout never ships it.
import { useEffect, useState } from "react";
import { Skeleton } from "../ui/spinner";

/** Fetches the encoder's code ahead of its first QR, as the page waits for the swap's first read. */
export const preloadQrEncoder = () => void import("qrcode").catch(() => undefined);

export function QrCode({ value, alt }: { value: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import("qrcode")
      .then((qr) =>
        qr.toString(value, {
          type: "svg",
          margin: 1,
          errorCorrectionLevel: "M",
          color: { dark: "#0f172a", light: "#ffffff" },
        }),
      )
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => setSrc(null));
    return () => {
      live = false;
    };
  }, [value]);
  if (!src) return <Skeleton className="size-44" />;
  return (
    <img
      src={src}
      alt={alt}
      width={176}
      height={176}
      data-testid="deposit-qr"
      className="size-44 rounded-lg bg-white p-1 ring-1 ring-slate-200"
    />
  );
}
