// Small helpers about time and comparison that several layers share (no secrets, no I/O).
import { timingSafeEqual } from "node:crypto";

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Compares two strings in time that does not depend on where they differ (lengths may leak). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
