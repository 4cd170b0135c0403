// The partner's brand in the environment: each variable is checked at start, and a bad one stops the
// server with one line that names it (lib/bff/boot/start-check.ts prints the lines).
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@/lib/config";

const base = { NODE_ENV: "test" as const, APP_SECRET: "x".repeat(32) };

/** The lines a start with `env` would print, or [] when it starts. */
function refusal(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...base, ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
}

describe("BRAND_* and the legal links", () => {
  it("takes a name, an https logo, a hex accent and https terms and privacy addresses", () => {
    const c = loadConfig({
      ...base,
      BRAND_NAME: "Acme Pay",
      BRAND_LOGO_URL: "https://cdn.acme.example/logo.svg",
      BRAND_ACCENT: "#0A66C2",
      TERMS_URL: "https://acme.example/terms",
      PRIVACY_URL: "https://acme.example/privacy",
    });
    expect(c.BRAND_NAME).toBe("Acme Pay");
    expect(c.BRAND_ACCENT).toBe("0a66c2");
    expect(c.BRAND_LOGO_URL).toBe("https://cdn.acme.example/logo.svg");
  });

  it.each([
    ["BRAND_LOGO_URL", "http://cdn.acme.example/logo.svg", "https://"],
    ["BRAND_LOGO_URL", "javascript:alert(1)", "https://"],
    ["BRAND_LOGO_URL", "logo.svg", "https://"],
    ["TERMS_URL", "ftp://acme.example/terms", "https://"],
    ["PRIVACY_URL", "https://user:pw@acme.example/privacy", "https://"],
    ["BRAND_ACCENT", "blue", "hex colour"],
    ["BRAND_ACCENT", "#ffff00", "3:1"],
    ["BRAND_ACCENT", "#000033", "3:1"],
    ["BRAND_NAME", "<script>", "plain text"],
    ["BRAND_NAME", "A".repeat(61), "60"],
  ])("refuses %s=%s with one line naming it", (name, value, says) => {
    const lines = refusal({ [name]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${name}: `));
    expect(lines[0]).toContain(says);
  });

  it("lets a logo come from this machine over http, for a local test", () => {
    expect(refusal({ BRAND_LOGO_URL: "http://127.0.0.1:4000/logo.svg" })).toEqual([]);
  });

  it("leaves all of them optional: an empty value is unset", () => {
    const c = loadConfig({ ...base, BRAND_NAME: "", BRAND_ACCENT: " " });
    expect(c.BRAND_NAME).toBeUndefined();
    expect(c.BRAND_ACCENT).toBeUndefined();
  });
});
