// SMTP_URL and MAIL_FROM (the swap link by e-mail): validated like every variable, and one without
// the other is refused at start rather than leaving an offer that cannot be kept.
import { describe, expect, it } from "vitest";
import { isConfigError, loadConfig, type ConfigError } from "@/lib/config";

const base = { NODE_ENV: "development" };
const fails = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(isConfigError(error)).toBe(true);
    return (error as ConfigError).lines;
  }
  throw new Error("the configuration was accepted");
};

describe("SMTP_URL and MAIL_FROM", () => {
  it("are optional together", () => {
    const c = loadConfig(base);
    expect(c.SMTP_URL).toBeUndefined();
    expect(c.MAIL_FROM).toBeUndefined();
    const set = loadConfig({
      ...base,
      SMTP_URL: "smtps://user:pass@mail.example:465",
      MAIL_FROM: "swaps@shop.example",
    });
    expect(set.SMTP_URL).toBe("smtps://user:pass@mail.example:465");
  });

  it("refuse one without the other, a URL that is not SMTP, and a sender that is not an address", () => {
    expect(fails({ ...base, SMTP_URL: "smtp://mail.example:587" })).toEqual([
      expect.stringMatching(/^MAIL_FROM: is required when SMTP_URL is set/),
    ]);
    expect(fails({ ...base, MAIL_FROM: "swaps@shop.example" })).toEqual([
      expect.stringMatching(/^SMTP_URL: is required when MAIL_FROM is set/),
    ]);
    expect(fails({ ...base, SMTP_URL: "https://mail.example", MAIL_FROM: "swaps@shop.example" })).toEqual([
      expect.stringMatching(/^SMTP_URL: must be an smtp/),
    ]);
    expect(fails({ ...base, SMTP_URL: "smtp://mail.example", MAIL_FROM: "not an address" })).toEqual([
      expect.stringMatching(/^MAIL_FROM: must be an e-mail/),
    ]);
  });
});
