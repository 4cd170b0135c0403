"use client";
import { useEffect, useRef, useState } from "react";

/**
 * `value`, once it has stopped changing for `delayMs`. Changes are judged by content (JSON), so a
 * fresh object with the same fields each render does not restart the wait.
 */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const latest = useRef(value);
  const key = JSON.stringify(value);
  // Runs before the timer's effect below, so the timer settles on the newest value.
  useEffect(() => {
    latest.current = value;
  });
  useEffect(() => {
    const timer = setTimeout(() => setSettled(latest.current), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return settled;
}
