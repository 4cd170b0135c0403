// The browser's clock against the server's, from an answer's Date header (lib/client/bff.ts).
import { describe, expect, it } from "vitest";
import { serverClockOffset } from "@/lib/client/bff";

const received = Date.parse("2026-11-23T10:00:00.250Z");

describe("serverClockOffset", () => {
  it("is 0 for a right clock: the header's whole second, latency and rounding are not a skew", () => {
    expect(serverClockOffset("Mon, 23 Nov 2026 10:00:00 GMT", received)).toBe(0);
    expect(serverClockOffset("Mon, 23 Nov 2026 10:00:01 GMT", received)).toBe(0);
    expect(serverClockOffset("Mon, 23 Nov 2026 09:59:59 GMT", received)).toBe(0);
  });

  it("measures a browser that is minutes ahead or behind, to within half a second", () => {
    // The browser reads 10:00:00.250 while the server is at 09:50:00.x: the server is 10 min behind.
    expect(serverClockOffset("Mon, 23 Nov 2026 09:50:00 GMT", received)).toBe(-600_000 + 250);
    expect(serverClockOffset("Mon, 23 Nov 2026 10:07:30 GMT", received)).toBe(450_000 + 250);
  });

  it("is 0 when the header is missing or not a date", () => {
    expect(serverClockOffset(null, received)).toBe(0);
    expect(serverClockOffset("yesterday", received)).toBe(0);
  });
});
