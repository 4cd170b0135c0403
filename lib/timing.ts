// Small helpers about time and comparison that several layers share (no secrets, no I/O).
import { timingSafeEqual } from "node:crypto";

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What `promise` settles to if it does within `ms`, else undefined; a rejection within `ms` is
 * passed on. The promise goes on either way (its late failure is handled, never unhandled), and
 * the timer never keeps the process alive.
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    timer.unref?.();
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Compares two strings in time that does not depend on where they differ (lengths may leak). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
