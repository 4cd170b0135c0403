// What tabs showing the same swap may hand each other over a BroadcastChannel, and what a tab takes.
// Any page of this origin can post on the channel, so a message is a claim: it is kept only when its
// snapshot passes the check a BFF answer passes, is about this swap, proves it comes from a tab that
// holds this swap's token (a hash of it, never the token), and changes nothing a swap never changes
// (where the deposit goes and where the payout goes).
import type { SwapSnapshot } from "@/lib/client/bff";
import { swapAnswer } from "@/lib/schema/answers";
import type { Swap } from "@/lib/schema/partner";

export const tabSyncChannel = (id: string) => `swap-status:${id}`;

/** How far past the server's now a snapshot may claim to have been read (clock rounding, latency). */
export const MAX_AHEAD_MS = 60_000;

export type TabSyncMessage = { proof: string; snapshot: SwapSnapshot };

/**
 * The hex SHA-256 of the swap id and its access token: tabs holding the same token compute the same
 * proof, and it gives the token away to no one. Null where the browser has no WebCrypto (a page not
 * served over HTTPS or from localhost): such a tab shares nothing and polls on its own.
 */
export async function tokenProof(id: string, token: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(`swap-status\n${id}\n${token}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export const tabSyncMessage = (snapshot: SwapSnapshot, proof: string): TabSyncMessage => ({ proof, snapshot });

/** The snapshot a message carries when it is a valid one about swap `id` from a tab with the same token; else null. */
export function readTabSyncMessage(data: unknown, expected: { id: string; proof: string }): SwapSnapshot | null {
  const message = asJson(data);
  if (typeof message !== "object" || message === null) return null;
  const { proof, snapshot } = message as Partial<Record<keyof TabSyncMessage, unknown>>;
  if (proof !== expected.proof || typeof snapshot !== "object" || snapshot === null) return null;
  const { swap, checkedAt, clockOffset } = snapshot as Partial<Record<keyof SwapSnapshot, unknown>>;
  if (
    typeof checkedAt !== "number" ||
    !Number.isFinite(checkedAt) ||
    typeof clockOffset !== "number" ||
    !Number.isFinite(clockOffset)
  )
    return null;
  const checked = swapAnswer.safeParse(swap);
  if (!checked.success || checked.data.id !== expected.id) return null;
  return { swap: checked.data, checkedAt, clockOffset };
}

/**
 * The message as JSON would carry it, as a BFF answer comes: a structured clone keeps what JSON
 * cannot say (a key set to undefined, which the answer check reads as present), and loses it here.
 */
function asJson(data: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(data) ?? "null") as unknown;
  } catch {
    return null; // a cycle, a BigInt
  }
}

/** A swap's deposit and payout are set when it is made: a snapshot that moves either is not this swap. */
function sameEnds(a: Swap, b: Swap): boolean {
  const ends = (s: Swap) => [
    s.deposit.address,
    s.deposit.memo,
    s.deposit.network,
    s.deposit.token,
    s.payout.address,
    s.payout.memo,
    s.payout.network,
    s.payout.token,
  ];
  const [x, y] = [ends(a), ends(b)];
  return x.every((value, i) => value === y[i]);
}

/**
 * What the tab shows after a valid message: the incoming snapshot when it was read later than the
 * current one (and not later than the server's now allows), with the same deposit and payout; else
 * the current one. `now` is this browser's clock.
 */
export function newerSnapshot(
  current: SwapSnapshot | undefined,
  incoming: SwapSnapshot,
  now: number,
): SwapSnapshot | undefined {
  if (!current) return incoming;
  if (incoming.checkedAt <= current.checkedAt) return current;
  if (incoming.checkedAt > now + current.clockOffset + MAX_AHEAD_MS) return current;
  return sameEnds(current.swap, incoming.swap) ? incoming : current;
}
