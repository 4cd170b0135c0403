// The app's environment, as one zod schema. Read once by lib/config; nothing else reads process.env.
import { z } from "zod";
import { observabilityEnv } from "@/lib/observability/env";
import { contrastRatio } from "@/lib/swap/contrast";

const webhookEventTypes = ["swap.created", "swap.status_changed", "order.abandoned"] as const;
type WebhookEventType = (typeof webhookEventTypes)[number];

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const perMinute = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/** A comma list of http(s) origins (each an origin such as https://shop.example). */
const originList = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const origins: string[] = [];
    for (const item of (text ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      // A wildcard parses as a host name, and would pass the CSP's frame-ancestors, yet no message
      // can be posted to one (postMessage takes one exact origin): the widget would frame but stay
      // silent. Each origin is listed instead.
      if (item.includes("*")) {
        ctx.addIssue({
          code: "custom",
          message: `"${item}" has a wildcard: list each origin, such as https://shop.example, https://www.shop.example`,
        });
        continue;
      }
      try {
        const url = new URL(item);
        if (url.origin === "null" || !/^https?:$/.test(url.protocol)) throw new Error();
        origins.push(url.origin);
      } catch {
        ctx.addIssue({ code: "custom", message: `"${item}" is not an origin such as https://shop.example` });
      }
    }
    return origins;
  });

/** SUPPORT_URL: an http(s) address that may hold {swapId} and {externalId}. */
const supportUrl = optionalString.pipe(
  z
    .string()
    .refine((template) => {
      try {
        return /^https?:$/.test(new URL(template.replaceAll("{swapId}", "X").replaceAll("{externalId}", "X")).protocol);
      } catch {
        return false;
      }
    }, "must be an http(s) address; {swapId} and {externalId} are filled in")
    .optional(),
);

/** An https address (http only on this machine, for local testing): the partner's logo, terms and privacy pages. */
const httpsUrl = (what: string) =>
  optionalString.pipe(
    z
      .string()
      .refine((text) => {
        if (!URL.canParse(text)) return false;
        const url = new URL(text);
        const loopback = url.hostname === "localhost" || url.hostname === "[::1]" || /^127\./.test(url.hostname);
        return !url.username && !url.password && (url.protocol === "https:" || (url.protocol === "http:" && loopback));
      }, `must be an https:// address of ${what}`)
      .optional(),
  );

export const appEnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PARTNER_API_BASE_URL: optionalString.pipe(
      z
        .url({ protocol: /^https?$/ })
        // Checks go on after a failed one: a value that is no URL at all must not throw here.
        .refine((u) => URL.canParse(u) && /\/v1\/?$/.test(new URL(u).pathname), "must end in /v1")
        .optional(),
    ),
    PARTNER_API_KEY: optionalString,
    APP_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    REDIS_URL: optionalString.pipe(
      z
        .url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379/0" })
        // ioredis reads the path as the database's number; anything else it sends as SELECT NaN and crashes.
        .refine(
          (url) => /^\/?(\d{1,4})?$/.test(new URL(url).pathname),
          "the database after the port must be a number, as in redis://127.0.0.1:6379/2",
        )
        .optional(),
    ),
    PARTNER_DASHBOARD_PASSWORD: optionalString,
    WIDGET_ALLOWED_ORIGINS: originList,
    /**
     * Where people reach this app (https://swap.shop.example). When set, a browser request's Origin
     * must be one of these, rather than match the Host header it came with: a page on another name
     * that resolves here (DNS rebinding) carries its own name in both.
     */
    PUBLIC_ORIGINS: originList,
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    PARTNER_RATE_LIMIT_PER_MINUTE: perMinute(120),
    PARTNER_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    PARTNER_ASSET_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    CLIENT_QUOTES_PER_MINUTE: perMinute(30),
    CLIENT_SWAPS_PER_MINUTE: perMinute(10),
    CLIENT_READS_PER_MINUTE: perMinute(240),
    /** The most of the key's minute budget that one client may cause to be spent. */
    CLIENT_BUDGET_SHARE: z.coerce.number().gt(0).max(1).default(0.25),
    /** `1` runs the embedded sandbox under a production server; nothing else means yes. */
    SANDBOX: z
      .enum(["", "0", "1"])
      .default("")
      .transform((v) => v === "1"),
    /**
     * Set by server/start.mjs, never by a person: a random per-process secret with which our own
     * front proves that it, not the client, set x-swap-client-ip.
     */
    SWAP_FRONT_SECRET: optionalString.pipe(z.string().min(32).optional()),
    SUPPORT_URL: supportUrl,
    SUPPORT_EMAIL: optionalString.pipe(z.email("must be an e-mail address").optional()),
    /** The partner's brand on the checkout's pages: name and logo in the header, the accent on buttons and links. */
    BRAND_NAME: optionalString.pipe(
      z
        .string()
        .max(60, "must be at most 60 characters")
        // Shown as text in the header and the page title: no markup, no line breaks.
        .regex(/^[^<>\u0000-\u001f\u007f]+$/, "must be plain text on one line, without < or >")
        .optional(),
    ),
    BRAND_LOGO_URL: httpsUrl("an image (SVG or PNG), such as https://shop.example/logo.svg"),
    BRAND_ACCENT: optionalString.pipe(
      z
        .string()
        .regex(/^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "must be a hex colour such as #0a7cff")
        .transform((hex) => hex.replace(/^#/, "").toLowerCase())
        // Focus rings and outlines are drawn in it on the page's light and dark backgrounds (WCAG 1.4.11 asks 3:1).
        .refine((hex) => contrastRatio(hex, "ffffff") >= 3 && contrastRatio(hex, "020617") >= 3, {
          message:
            "must contrast at least 3:1 with both white and the dark theme's background (#020617): pick a mid-tone colour",
        })
        .optional(),
    ),
    TERMS_URL: httpsUrl("your terms, such as https://shop.example/terms"),
    PRIVACY_URL: httpsUrl("your privacy notice, such as https://shop.example/privacy"),
    LEDGER_DIR: optionalString.default(".data/ledger"),
    DATABASE_URL: optionalString.pipe(
      z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }).optional(),
    ),
    WEBHOOK_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /** With MAIL_FROM, the deposit page offers "E-mail me this link" (lib/bff/mail.ts). smtp:// or smtps://, credentials in the URL. */
    SMTP_URL: optionalString.pipe(
      z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    ),
    MAIL_FROM: optionalString.pipe(z.email("must be an e-mail address").optional()),
    /** The events sent: the swap events unless set; `order.abandoned` only when named. */
    WEBHOOK_EVENTS: z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (!text?.trim()) return ["swap.created", "swap.status_changed"] as WebhookEventType[];
        const named = text
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean);
        const unknown = named.filter((name) => !(webhookEventTypes as readonly string[]).includes(name));
        if (unknown.length)
          ctx.addIssue({
            code: "custom",
            message: `names no event "${unknown[0]}" (known: ${webhookEventTypes.join(", ")})`,
          });
        return [...new Set(named)] as WebhookEventType[];
      }),
    WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9+/=]{24,}$/, "must be whsec_ followed by a base64 secret")
        .optional(),
    ),
    ...observabilityEnv,
  })
  .superRefine((env, ctx) => {
    // No silent sandbox: real users must never see deposit addresses that nobody controls.
    if (env.NODE_ENV === "production" && !env.PARTNER_API_BASE_URL && !env.SANDBOX) {
      ctx.addIssue({
        code: "custom",
        path: ["PARTNER_API_BASE_URL"],
        message:
          "is not set: set PARTNER_API_BASE_URL (with PARTNER_API_KEY and APP_SECRET) for the real service, or SANDBOX=1 to run the embedded sandbox",
      });
    }
    if (env.SMTP_URL && !env.MAIL_FROM)
      ctx.addIssue({ code: "custom", path: ["MAIL_FROM"], message: "is required when SMTP_URL is set" });
    if (env.MAIL_FROM && !env.SMTP_URL)
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required when MAIL_FROM is set" });
    if (env.WEBHOOK_URL && !env.WEBHOOK_SECRET)
      ctx.addIssue({ code: "custom", path: ["WEBHOOK_SECRET"], message: "is required when WEBHOOK_URL is set" });
    if (env.PARTNER_API_BASE_URL && !env.PARTNER_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["PARTNER_API_KEY"],
        message: "is required when PARTNER_API_BASE_URL is set",
      });
    }
    // A live key in clear text is a key anyone on the path can use. Loopback is a local proxy's.
    if (
      env.PARTNER_API_BASE_URL &&
      env.PARTNER_API_KEY?.startsWith("lsk_live_") &&
      URL.canParse(env.PARTNER_API_BASE_URL)
    ) {
      const url = new URL(env.PARTNER_API_BASE_URL);
      const loopback = url.hostname === "localhost" || url.hostname === "[::1]" || /^127\./.test(url.hostname);
      if (url.protocol === "http:" && !loopback) {
        ctx.addIssue({
          code: "custom",
          path: ["PARTNER_API_BASE_URL"],
          message: "must be https:// with a live key (lsk_live_…): over http:// the key travels in clear text",
        });
      }
    }
    if (env.PARTNER_API_BASE_URL && !env.APP_SECRET) {
      ctx.addIssue({ code: "custom", path: ["APP_SECRET"], message: "is required when PARTNER_API_BASE_URL is set" });
    }
  });

export type AppEnv = z.output<typeof appEnvSchema>;
