// How long a person is asked to wait after a refusal, in the unit a person would use: "in 40
// seconds", "in 12 minutes", "in 23 hours" (a day-long cap in seconds would read as "86400").
export type RetryWait = { unit: "seconds" | "minutes" | "hours"; count: number };

export function retryWait(seconds: number): RetryWait {
  if (seconds > 90 * 60) return { unit: "hours", count: Math.ceil(seconds / 3600) };
  if (seconds > 90) return { unit: "minutes", count: Math.ceil(seconds / 60) };
  return { unit: "seconds", count: Math.max(0, Math.ceil(seconds)) };
}
