// Who a client is, for per-client limits: the X-Forwarded-For hop rule (one module, used by both
// `npm start`'s front and the route handlers) and the grouping of addresses into limit keys.
import { describe, expect, it } from "vitest";
import { clientKeyOf } from "@/lib/bff/http/client-id";
import { forwardedFor } from "@/lib/bff/http/forwarded-for.mjs";

describe("the X-Forwarded-For hop rule", () => {
  it("takes the N-th entry from the right: the address our outermost trusted proxy saw", () => {
    expect(forwardedFor("203.0.113.9", 1)).toBe("203.0.113.9");
    expect(forwardedFor("198.51.100.1, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(forwardedFor("198.51.100.1, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
    // What a client wrote on the left never wins over what our proxies appended.
    expect(forwardedFor("1.1.1.1, 2.2.2.2, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
  });

  it("ignores blanks and spaces between entries", () => {
    expect(forwardedFor(" 198.51.100.1 ,, 203.0.113.9 ,", 1)).toBe("203.0.113.9");
    expect(forwardedFor("198.51.100.1,203.0.113.9", 2)).toBe("198.51.100.1");
  });

  it("trusts nothing with no proxy, and nothing from a chain too short to have come through ours", () => {
    expect(forwardedFor("203.0.113.9", 0)).toBeNull();
    expect(forwardedFor("203.0.113.9", 2)).toBeNull();
    expect(forwardedFor(" , ", 1)).toBeNull();
    expect(forwardedFor("", 1)).toBeNull();
    expect(forwardedFor(null, 1)).toBeNull();
    expect(forwardedFor(undefined, 1)).toBeNull();
  });
});

describe("limit keys", () => {
  it("groups IPv6 addresses by their /64 and leaves IPv4 as it is", () => {
    expect(clientKeyOf("2001:db8:1:2::1")).toBe(clientKeyOf("2001:0db8:0001:0002:ffff:ffff:ffff:ffff"));
    expect(clientKeyOf("2001:db8:1:2::1")).not.toBe(clientKeyOf("2001:db8:1:3::1"));
    expect(clientKeyOf("[2001:db8:1:2::1]")).toBe(clientKeyOf("2001:db8:1:2::7"));
    expect(clientKeyOf("fe80::1%eth0")).toBe(clientKeyOf("fe80::2"));
    expect(clientKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("refuses what is not an address", () => {
    for (const junk of ["", "unknown", "example.com", "1.2.3", "203.0.113.7, 1.1.1.1", "<script>"])
      expect(clientKeyOf(junk)).toBeNull();
  });
});
