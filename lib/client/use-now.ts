"use client";
import { useEffect, useState } from "react";

/** The current time, re-read every `intervalMs` while mounted (drives countdowns). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Now on the server's clock, re-read every `intervalMs`: what the deadlines and times the server
 * sets are compared with, so a browser whose clock is wrong counts down the true time left.
 * `clockOffset` is `serverClockOffset` of an answer (lib/client/bff.ts); the one place it is applied.
 */
export function useServerNow(clockOffset: number, intervalMs = 1000): number {
  return useNow(intervalMs) + clockOffset;
}
