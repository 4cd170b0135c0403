// Small helpers about time and comparison that several layers share (no secrets, no I/O).
import { timingSafeEqual } from "node:crypto";

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A deadline on I/O: `callback` runs `ms` from now, but only once the event loop has read its sockets
 * again. Timers run before the loop polls, so a process held past a deadline (a starved CPU, a long
 * synchronous task, a GC pause) would otherwise give up on an answer already waiting to be read. The
 * timer never keeps the process alive; clearing it after it fired does not stop `callback`.
 */
export function ioDeadline(callback: () => void, ms: number): ReturnType<typeof setTimeout> {
  const timer = setTimeout(() => setImmediate(callback), ms);
  timer.unref?.();
  return timer;
}

/**
 * What `promise` settles to if it does within `ms` (an answer that came meanwhile counts, however
 * busy the process was: `ioDeadline`), else undefined; a rejection within `ms` is passed on. The
 * promise goes on either way (its late failure is handled, never unhandled).
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = ioDeadline(() => resolve(undefined), ms);
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
