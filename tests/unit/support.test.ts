// Support links carry the swap id, the order reference and the time, never the access token.
import { describe, expect, it } from "vitest";
import { supportLink } from "@/lib/swap/support";
import { appEnvSchema } from "@/lib/config/schema";

const at = new Date("2026-11-23T05:00:00.000Z");

describe("supportLink", () => {
  it("fills SUPPORT_URL's {swapId} and {externalId}, escaped", () => {
    expect(
      supportLink(
        { url: "https://help.example/new?swap={swapId}&order={externalId}", email: null },
        { swapId: "ABCDEF123456", externalId: "ord_1 & 2", at },
      ),
    ).toEqual({
      kind: "url",
      href: "https://help.example/new?swap=ABCDEF123456&order=ord_1%20%26%202",
    });
  });

  it("makes SUPPORT_EMAIL a mailto with the subject and the ids and time in the body", () => {
    const link = supportLink(
      { url: null, email: "help@shop.example" },
      { swapId: "ABCDEF123456", externalId: "ord_9", status: "failed", at },
    );
    expect(link?.kind).toBe("email");
    const url = new URL(link!.href);
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("help@shop.example");
    expect(url.searchParams.get("subject")).toBe("Help with swap ABCDEF123456");
    expect(url.searchParams.get("body")).toBe(
      "Swap id: ABCDEF123456\nOrder reference: ord_9\nStatus: failed\nTime: 2026-11-23T05:00:00.000Z\n\nWhat happened:\n",
    );
    expect(link!.href).not.toContain("+");
  });

  it("prefers the URL, and is null without either", () => {
    expect(supportLink({ url: "https://h.example/{swapId}", email: "a@b.example" }, { swapId: "X", at })?.kind).toBe(
      "url",
    );
    expect(supportLink({ url: null, email: null }, { swapId: "X", at })).toBeNull();
  });
});

describe("SUPPORT_URL and SUPPORT_EMAIL in the environment", () => {
  it("accepts an http(s) template and an e-mail address", () => {
    const env = appEnvSchema.parse({
      SUPPORT_URL: "https://help.example/t?s={swapId}&o={externalId}",
      SUPPORT_EMAIL: "help@shop.example",
    });
    expect(env.SUPPORT_URL).toBe("https://help.example/t?s={swapId}&o={externalId}");
    expect(env.SUPPORT_EMAIL).toBe("help@shop.example");
    expect(appEnvSchema.parse({ SUPPORT_URL: "", SUPPORT_EMAIL: "" })).toMatchObject({
      SUPPORT_URL: undefined,
      SUPPORT_EMAIL: undefined,
    });
  });

  it("refuses anything else, naming the variable", () => {
    for (const [name, value] of [
      ["SUPPORT_URL", "javascript:alert(1)//{swapId}"],
      ["SUPPORT_URL", "help.example/{swapId}"],
      ["SUPPORT_EMAIL", "not an address"],
    ] as const) {
      const result = appEnvSchema.safeParse({ [name]: value });
      expect(result.success, `${name}=${value}`).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([name]);
    }
  });
});
