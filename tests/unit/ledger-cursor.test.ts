// The keyset cursor the ledger's loops and the status sweep page the upstream's list with.
import { describe, expect, it } from "vitest";
import { firstPage, nextCursor } from "@/lib/ledger/cursor";

const rows = (...createdAt: string[]) => createdAt.map((t) => ({ createdAt: t }));
const many = (n: number, t: string) => rows(...Array.from({ length: n }, () => t));

describe("the list cursor", () => {
  it("starts the next page at the oldest instant, past the rows of that instant already shown", () => {
    expect(nextCursor(firstPage, rows("2026-11-02T09:00:03Z", "2026-11-02T09:00:01Z", "2026-11-02T09:00:01Z"))).toEqual(
      {
        createdTo: "2026-11-02T09:00:01Z",
        offset: 2,
      },
    );
  });

  it("goes on past a page that shares one instant instead of skipping the rest of it", () => {
    const t = "2026-11-02T09:00:00.000Z";
    const second = nextCursor(nextCursor(firstPage, many(100, t)), many(100, t));
    expect(second).toEqual({ createdTo: t, offset: 200 });
  });

  it("takes two spellings of one instant as one", () => {
    const cursor = { createdTo: "2026-11-02T09:00:00.000Z", offset: 100 };
    expect(nextCursor(cursor, many(100, "2026-11-02T09:00:00Z"))).toEqual({
      createdTo: "2026-11-02T09:00:00.000Z",
      offset: 200,
    });
  });
});
