// The app's environment, as one zod schema. Read once by lib/config; nothing else reads process.env.
import { z } from "zod";
import { sandboxEnvSchema } from "@/lib/sandbox/options";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const perMinute = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

const originList = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const origins: string[] = [];
    for (const item of (text ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
      try {
        const url = new URL(item);
        if (url.origin === "null" || !/^https?:$/.test(url.protocol)) throw new Error();
        origins.push(url.origin);
      } catch {
        ctx.addIssue({ code: "custom", message: `WIDGET_ALLOWED_ORIGINS: "${item}" is not an origin such as https://shop.example` });
      }
    }
    return origins;
  });

export const appEnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PARTNER_API_BASE_URL: optionalString.pipe(
      z
        .url({ protocol: /^https?$/ })
        .refine((u) => /\/v1\/?$/.test(new URL(u).pathname), "must end in /v1")
        .optional(),
    ),
    PARTNER_API_KEY: optionalString,
    APP_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
    PARTNER_DASHBOARD_PASSWORD: optionalString,
    WIDGET_ALLOWED_ORIGINS: originList,
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    PARTNER_RATE_LIMIT_PER_MINUTE: perMinute(120),
    PARTNER_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    PARTNER_ASSET_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    CLIENT_QUOTES_PER_MINUTE: perMinute(30),
    CLIENT_SWAPS_PER_MINUTE: perMinute(10),
    CLIENT_READS_PER_MINUTE: perMinute(240),
    LEDGER_DIR: optionalString.default(".data/ledger"),
    DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }).optional()),
    WEBHOOK_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    WEBHOOK_SECRET: optionalString.pipe(z.string().regex(/^whsec_[A-Za-z0-9+/=]{24,}$/, "must be whsec_ followed by a base64 secret").optional()),
  })
  .superRefine((env, ctx) => {
    if (env.WEBHOOK_URL && !env.WEBHOOK_SECRET) ctx.addIssue({ code: "custom", path: ["WEBHOOK_SECRET"], message: "is required when WEBHOOK_URL is set" });
    if (env.PARTNER_API_BASE_URL && !env.PARTNER_API_KEY) {
      ctx.addIssue({ code: "custom", path: ["PARTNER_API_KEY"], message: "is required when PARTNER_API_BASE_URL is set" });
    }
    if (env.PARTNER_API_BASE_URL && !env.APP_SECRET) {
      ctx.addIssue({ code: "custom", path: ["APP_SECRET"], message: "is required when PARTNER_API_BASE_URL is set" });
    }
  });

export type AppEnv = z.output<typeof appEnvSchema>;

export const fullEnvSchema = z.object({ app: appEnvSchema, sandbox: sandboxEnvSchema });
