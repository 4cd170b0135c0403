// Pure pieces of the safety rules: whose payout a swap is, how long a widget
// config may live, how much the sandbox may be filled, and what a bad setting says.
import { createHmac, hkdfSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { paysOutToEntered } from "@/lib/client/create-swap";
import { configWarnings } from "@/lib/bff/boot/start-check";
import { isConfigError, loadConfig, type ConfigError } from "@/lib/config";
import { createManualClock } from "@/lib/sandbox/clock";
import { createSandbox } from "@/lib/sandbox/handler";
import { defaultSandboxOptions, sandboxEnvSchema } from "@/lib/sandbox/options";
import { verifyWidgetConfig } from "@/lib/widget/config-codec";

describe("whose payout a created swap is", () => {
  const swap = (address: string, memo: string | null) => ({
    payout: { address, memo, network: "tron", token: "USDT", estimatedAmount: "1" },
  });
  it("accepts the address as typed or as the address check normalised it, with the same memo", () => {
    expect(paysOutToEntered(swap("TNDz", null), { address: "TNDz", memo: null }, null)).toBe(true);
    expect(paysOutToEntered(swap("0xAbC", null), { address: "0xabc", memo: null }, "0xAbC")).toBe(true);
    expect(paysOutToEntered(swap("rAddr", "42"), { address: "rAddr", memo: "42" }, null)).toBe(true);
  });
  it("refuses any other address or memo", () => {
    expect(paysOutToEntered(swap("TOther", null), { address: "TNDz", memo: null }, "TNDz")).toBe(false);
    expect(paysOutToEntered(swap("rAddr", "43"), { address: "rAddr", memo: "42" }, null)).toBe(false);
    expect(paysOutToEntered(swap("rAddr", "42"), { address: "rAddr", memo: null }, null)).toBe(false);
  });
});

describe("widget config lifetime", () => {
  // Signed from the documented recipe (HKDF-SHA256 "widget-config" key, HMAC-SHA256 of the payload).
  const key = Buffer.from(
    hkdfSync("sha256", "a-root-secret-of-at-least-32-characters!", "swap-checkout", "widget-config", 32),
  );
  const sign = (json: object) => {
    const payload = Buffer.from(JSON.stringify(json)).toString("base64url");
    return `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
  };
  const now = 1_900_000_000;
  it("accepts a config that expires within a year", () => {
    expect(verifyWidgetConfig(sign({ exp: now + 365 * 86_400 }), key, now).ok).toBe(true);
  });
  it("refuses one that expires more than a year away, since it could never be withdrawn", () => {
    expect(verifyWidgetConfig(sign({ exp: now + 2 * 365 * 86_400 }), key, now)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
});

describe("the sandbox's seed control", () => {
  it("holds at most 200,000 swaps by default", () => {
    expect(defaultSandboxOptions().maxSwaps).toBe(200_000);
    expect(sandboxEnvSchema.safeParse({ SANDBOX_MAX_SWAPS: "200001" }).success).toBe(false);
  });

  it("is bounded in all (SANDBOX_MAX_SWAPS): past it, seeding is refused with validation_error", async () => {
    const sandbox = createSandbox(sandboxEnvSchema.parse({ SANDBOX_MAX_SWAPS: "100" }), {
      clock: createManualClock(Date.parse("2026-11-01T00:00:00Z")),
    });
    const seed = (count: number) =>
      sandbox.handle(
        new Request("http://sandbox.test/sandbox/seed", {
          method: "POST",
          headers: { "x-api-key": sandbox.options.apiKey, "content-type": "application/json" },
          body: JSON.stringify({ count, statuses: ["completed"] }),
        }),
      );
    expect((await seed(60)).status).toBe(200);
    expect((await seed(40)).status).toBe(200);
    const over = await seed(1);
    expect(over.status).toBe(400);
    expect(((await over.json()) as { error: { code: string } }).error.code).toBe("validation_error");
  });
});

describe("configuration errors", () => {
  const fails = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(isConfigError(error)).toBe(true);
      return (error as ConfigError).lines;
    }
    throw new Error("the configuration was accepted");
  };
  it("names each bad variable on a line of its own, and never prints a secret", () => {
    expect(fails({ NODE_ENV: "production" })).toEqual([expect.stringMatching(/^PARTNER_API_BASE_URL: .*SANDBOX=1/)]);
    expect(fails({ NODE_ENV: "development", CLIENT_BUDGET_SHARE: "0" })).toEqual([
      expect.stringMatching(/^CLIENT_BUDGET_SHARE: .*\(got "0"\)$/),
    ]);
    const lines = fails({
      NODE_ENV: "production",
      PARTNER_API_BASE_URL: "https://api.example/v1",
      APP_SECRET: "short-secret-value",
    });
    expect(lines.map((l) => l.split(":")[0]).sort()).toEqual(["APP_SECRET", "PARTNER_API_KEY"]);
    expect(lines.join("\n")).not.toContain("short-secret-value");
  });
  it("refuses a PARTNER_API_BASE_URL that is no URL with one line, instead of starting a server that answers 500", () => {
    const real = { NODE_ENV: "production", PARTNER_API_KEY: "lsk_live_x", APP_SECRET: "a".repeat(40) };
    for (const bad of ["notaurl", "/v1", "http://exa mple/v1", "https://api.example/v2"]) {
      expect(fails({ ...real, PARTNER_API_BASE_URL: bad }), bad).toEqual([
        expect.stringMatching(/^PARTNER_API_BASE_URL: /),
      ]);
    }
    // Its credentials, if any, are not printed.
    expect(fails({ ...real, PARTNER_API_BASE_URL: "https://bfuser:S3cretPW@api.example/v2" }).join("\n")).not.toContain(
      "S3cretPW",
    );
    expect(loadConfig({ ...real, PARTNER_API_BASE_URL: "https://bfuser:S3cretPW@api.example/v1" }).mode).toBe(
      "upstream",
    );
  });
  it("refuses a REDIS_URL whose database is no number, which ioredis would send as SELECT NaN and crash on", () => {
    const sandbox = { NODE_ENV: "development" };
    for (const bad of [
      "redis://:S3cretPW@cache:6379/abc",
      "redis://cache:6379/1/2",
      "http://cache:6379",
      "cache:6379",
    ]) {
      const lines = fails({ ...sandbox, REDIS_URL: bad });
      expect(lines, bad).toEqual([expect.stringMatching(/^REDIS_URL: /)]);
      expect(lines.join("\n")).not.toContain("S3cretPW");
    }
    for (const good of ["redis://cache:6379", "redis://cache:6379/", "rediss://:pw@cache:6380/15"])
      expect(loadConfig({ ...sandbox, REDIS_URL: good }).REDIS_URL, good).toBe(good);
  });
  it("says at start which service runs when both SANDBOX=1 and PARTNER_API_BASE_URL are given, and that a webhook secret without a URL sends nothing", () => {
    const real = {
      NODE_ENV: "production",
      PARTNER_API_KEY: "lsk_test_x",
      APP_SECRET: "b".repeat(40),
      PARTNER_API_BASE_URL: "https://u:S3cretPW@api.example/v1",
    };
    const both = loadConfig({ ...real, SANDBOX: "1" });
    expect(both.mode).toBe("upstream");
    const said = configWarnings(both).join("\n");
    expect(said).toMatch(/SANDBOX=1 is ignored: .*real service at https:\/\/api\.example/);
    expect(said).not.toContain("S3cretPW");
    expect(said).not.toMatch(/embedded SANDBOX/);
    expect(configWarnings(loadConfig(real)).join("\n")).not.toMatch(/SANDBOX=1/);
    const secretOnly = loadConfig({ ...real, WEBHOOK_SECRET: `whsec_${"A".repeat(32)}` });
    expect(configWarnings(secretOnly).join("\n")).toMatch(
      /WEBHOOK_SECRET is set but WEBHOOK_URL is not: no webhooks are sent/,
    );
    const both2 = loadConfig({
      ...real,
      WEBHOOK_SECRET: `whsec_${"A".repeat(32)}`,
      WEBHOOK_URL: "https://shop.example/hooks",
    });
    expect(configWarnings(both2).join("\n")).not.toMatch(/WEBHOOK/);
    // A user in trouble needs somewhere to go: said on the real service, not on the sandbox.
    expect(configWarnings(both).join("\n")).toMatch(/neither SUPPORT_URL nor SUPPORT_EMAIL is set/);
    expect(configWarnings(loadConfig({ ...real, SUPPORT_EMAIL: "help@shop.example" })).join("\n")).not.toMatch(
      /SUPPORT_/,
    );
    expect(configWarnings(loadConfig({ NODE_ENV: "production", SANDBOX: "1" })).join("\n")).not.toMatch(/SUPPORT_/);
  });
  it("refuses a wildcard among allowed origins, which would frame the widget but never hear its events", () => {
    const sandbox = { NODE_ENV: "development" };
    expect(fails({ ...sandbox, WIDGET_ALLOWED_ORIGINS: "https://shop.example, http://*.shop.test:4402" })).toEqual([
      expect.stringMatching(/^WIDGET_ALLOWED_ORIGINS: "http:\/\/\*\.shop\.test:4402" has a wildcard: list each origin/),
    ]);
    expect(fails({ ...sandbox, PUBLIC_ORIGINS: "https://*.shop.example" })).toEqual([
      expect.stringMatching(/^PUBLIC_ORIGINS: .*wildcard/),
    ]);
    expect(
      loadConfig({ ...sandbox, WIDGET_ALLOWED_ORIGINS: "https://shop.example, https://www.shop.example" })
        .WIDGET_ALLOWED_ORIGINS,
    ).toHaveLength(2);
  });
  it("accepts the sandbox in production only when SANDBOX=1 says so", () => {
    expect(loadConfig({ NODE_ENV: "production", SANDBOX: "1" }).mode).toBe("sandbox");
    expect(loadConfig({ NODE_ENV: "development" }).mode).toBe("sandbox");
  });
});
