// The keyset cursor that pages the upstream's list newest first. `createdTo` is inclusive and
// swaps share instants, so a cursor also counts the rows at its instant that earlier pages showed:
// paging by `createdTo` alone either repeats them or, when a whole page shares one instant, skips
// the rest of that instant. The ledger's loops and the status sweep both page with this one.
import type { SwapListItem } from "@/lib/schema/partner";

/** `offset` skips the rows at `createdTo`'s instant that earlier pages already showed. */
export type Cursor = { createdTo: string | null; offset: number };

export const firstPage: Cursor = { createdTo: null, offset: 0 };

/** The list query's part that the cursor sets. */
export const cursorQuery = (cursor: Cursor): { createdTo?: string; offset: string } => ({
  ...(cursor.createdTo ? { createdTo: cursor.createdTo } : {}),
  offset: String(cursor.offset),
});

/**
 * The cursor after a full page: the next page starts at the oldest instant of this one, past the
 * rows of that instant already shown; the offset grows only while every row of a page shares the
 * cursor's instant. Instants are compared as times, not text ("…00Z" and "…00.000Z" are one).
 */
export function nextCursor(cursor: Cursor, page: ReadonlyArray<Pick<SwapListItem, "createdAt">>): Cursor {
  const oldest = page.at(-1)!.createdAt;
  const at = Date.parse(oldest);
  if (cursor.createdTo !== null && Date.parse(cursor.createdTo) === at)
    return { createdTo: cursor.createdTo, offset: cursor.offset + page.length };
  return { createdTo: oldest, offset: page.filter((s) => Date.parse(s.createdAt) === at).length };
}
