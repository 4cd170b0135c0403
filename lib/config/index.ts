// The one place that reads process.env for the app. Parsed lazily on first use (never at build
// time) and then frozen; a bad value stops the server with a message that names the variable.
import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { hasBrand } from "@/lib/brand";
import { processSingleton } from "@/lib/process-singleton";
import { deriveKey, type KeyPurpose } from "./derive";
import { appEnvSchema, type AppEnv } from "./schema";
import { processLogger } from "@/lib/observability/logger.mjs";

export type { KeyPurpose };

export type AppConfig = AppEnv & {
  mode: "sandbox" | "upstream";
  /** The SANDBOX_* variables as given: the embedded sandbox reads its own options from them. */
  sandboxEnv: Record<string, string>;
  /** A separate key per purpose, derived from APP_SECRET with HKDF, so no key opens another. */
  keyFor: (purpose: KeyPurpose) => Buffer;
};

// One per process: the proxy, pages and route handlers must all see one configuration (in sandbox
// mode, one random secret).
export function config(): AppConfig {
  return processSingleton("config", () => loadConfig(process.env));
}

/** The partner's brand (BRAND_*, TERMS_URL, PRIVACY_URL) as the pages hand it to the header and footer. */
export function partnerBrand() {
  const c = config();
  return {
    name: c.BRAND_NAME ?? null,
    logoUrl: c.BRAND_LOGO_URL ?? null,
    termsUrl: c.TERMS_URL ?? null,
    privacyUrl: c.PRIVACY_URL ?? null,
  };
}

const brand = Symbol.for("swap-checkout.ConfigError");

/** A ConfigError from any bundle's copy of this module (lib/brand.ts says why not `instanceof`). */
export const isConfigError = (value: unknown): value is ConfigError => hasBrand(value, brand);

/** A configuration that cannot run: one line per bad variable, naming it. */
export class ConfigError extends Error {
  readonly [brand] = true;
  constructor(readonly lines: string[]) {
    super(`Invalid configuration: ${lines.join("; ")}`);
    this.name = "ConfigError";
  }
}

/** A zod error as one line per variable: "NAME: what is wrong (got "value")", secrets not shown. */
export function configErrorLines(error: z.ZodError, env: Record<string, string | undefined>): string[] {
  const lines = new Map<string, string>();
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "configuration");
    if (lines.has(name)) continue;
    // A URL's own credentials (https://user:pass@host) are secrets too: shown as ***.
    const given = env[name]?.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, "$1***@");
    const shown =
      given === undefined || /SECRET|KEY|PASSWORD|TOKEN/.test(name)
        ? ""
        : ` (got ${JSON.stringify(given.length > 60 ? given.slice(0, 60) + "…" : given)})`;
    lines.set(name, `${name}: ${issue.message}${shown}`);
  }
  return [...lines.values()];
}

export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const app = appEnvSchema.safeParse(env);
  if (!app.success) throw new ConfigError(configErrorLines(app.error, env));
  let secret = app.data.APP_SECRET;
  if (!secret) {
    secret = randomBytes(32).toString("base64url");
    processLogger({ pretty: app.data.NODE_ENV === "development" }).warn(
      "[config] APP_SECRET is not set: using a random secret for this process (sandbox mode only). Swap links stop working on restart.",
    );
  }
  const keys = new Map<KeyPurpose, Buffer>();
  return {
    ...app.data,
    mode: app.data.PARTNER_API_BASE_URL ? "upstream" : "sandbox",
    sandboxEnv: Object.fromEntries(
      Object.entries(env).filter((e): e is [string, string] => e[0].startsWith("SANDBOX_") && e[1] !== undefined),
    ),
    keyFor: (purpose) => {
      let key = keys.get(purpose);
      if (!key) {
        key = deriveKey(secret, purpose);
        keys.set(purpose, key);
      }
      return key;
    },
  };
}
