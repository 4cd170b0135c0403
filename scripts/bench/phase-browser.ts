// A browser of the polling bench (scripts/bench/phase.ts): one swap's status page, what it has shown,
// and how far along the swap's statuses it has seen.

export const statusRank: Record<string, number> = {
  waiting_deposit: 0,
  deposit_detected: 1,
  underpaid: 1,
  processing: 2,
  completed: 3,
  refunded: 3,
  failed: 3,
  expired: 3,
};

export const terminal = new Set(["completed", "refunded", "failed", "expired"]);

export type Browser = {
  ip: string;
  id: string;
  token: string | null;
  shown: { status: string; asOf: number } | null;
  firstPollAt: number | null;
  done: boolean;
  /** Sandbox ms of the deposit made into this swap, if any. */
  depositAt: number | null;
  seenRank: number;
};

export function newBrowser(ip: string, id: string, token: string | null): Browser {
  return { ip, id, token, shown: null, firstPollAt: null, done: false, depositAt: null, seenRank: 0 };
}

/** A distinct client address per browser or shopper (`prefix` keeps the two apart). */
export const ipOf = (prefix: number, i: number) => `10.${prefix}.${(i >> 8) & 255}.${i & 255}`;
