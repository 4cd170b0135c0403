// The funnel tests' app: upstream mode, 2-second quotes, 6 quotes a minute a client, one shop, the operator signed in.
import { afterAll, beforeAll, expect } from "vitest";
import { funnelSchema, type Funnel } from "@/lib/schema/funnel";
import { startApp, type RunningApp } from "../support/servers";
import { call, postJson, type CallOptions } from "./requests";
import { TRON_ADDRESS, createSwap, swapBody } from "./checkout";
import { startUpstream, type Upstream } from "./upstream";
import { APP_SECRET } from "./fixtures";

export const PASSWORD = "funnel test operator password";
export const SHOP = "https://shop.example";
export const QUOTES_PER_MINUTE = 6;

export type FunnelApp = { upstream: Upstream; app: RunningApp; cookie: string };

/** For the file: the funnel's app in front of its upstream, started before its tests (then handed to `started`). */
export function funnelApp(started: (running: FunnelApp) => void): FunnelApp {
  const running = {} as FunnelApp;
  beforeAll(async () => {
    running.upstream = await startUpstream({
      SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000",
      SANDBOX_QUOTE_TTL_SECONDS: "2",
      SANDBOX_STEP_SECONDS: "1",
    });
    running.app = await startApp({
      PARTNER_API_BASE_URL: running.upstream.baseUrl,
      PARTNER_API_KEY: running.upstream.sandbox.options.apiKey,
      APP_SECRET,
      PARTNER_DASHBOARD_PASSWORD: PASSWORD,
      PARTNER_RATE_LIMIT_PER_MINUTE: "1000000",
      CLIENT_QUOTES_PER_MINUTE: String(QUOTES_PER_MINUTE),
      CLIENT_READS_PER_MINUTE: "100000",
      WIDGET_ALLOWED_ORIGINS: SHOP,
    });
    const login = await postJson(running.app.origin, "/api/partner/session", { password: PASSWORD });
    expect(login.status, login.raw).toBe(200);
    running.cookie = (login.header("set-cookie") ?? "")
      .split(",")
      .map((c) => c.split(";")[0]!.trim())
      .find((c) => c.startsWith("swap_dashboard="))!;
    started(running);
  }, 120_000);
  afterAll(async () => {
    await running.app?.stop();
    await running.upstream?.close();
  });
  return running;
}

let nextClient = 10;
/** Each order is its own browser: a loopback address of its own is its own client for the limits. */
export const client = () => `127.0.0.${nextClient++}`;
export const as = (
  localAddress: string,
  headers: Record<string, string> = {},
): Omit<CallOptions, "body" | "method"> => ({
  localAddress,
  headers,
});

export const checkAddress = (
  origin: string,
  address: string,
  orderToken: string | undefined,
  options: Omit<CallOptions, "body" | "method">,
  asset = { network: "tron", token: "USDT" },
) => postJson(origin, "/api/v1/address", { ...asset, address, ...(orderToken ? { orderToken } : {}) }, options);

/** The operator's reads and an order's later steps, on the funnel's app. */
export function funnelSteps(running: FunnelApp) {
  const dashboard = (path: string) =>
    call(running.app.origin, path, { headers: { cookie: running.cookie }, localAddress: "127.0.0.2" });

  async function funnel(query = ""): Promise<Funnel> {
    const res = await dashboard(`/api/partner/funnel${query}`);
    expect(res.status, res.raw).toBe(200);
    return funnelSchema.parse(res.json);
  }

  async function swapOf(quoteId: string, options: Omit<CallOptions, "body" | "method">, address = TRON_ADDRESS) {
    const res = await createSwap(running.app.origin, swapBody(quoteId, address), crypto.randomUUID(), options);
    return res;
  }

  async function deposit(swapId: string, outcome: "completed" | "refunded" | "failed") {
    const { upstream } = running;
    const res = await upstream.sandbox.handle(
      new Request(`${upstream.origin}/sandbox/swaps/${swapId}/deposit`, {
        method: "POST",
        headers: { "x-api-key": upstream.sandbox.options.apiKey, "content-type": "application/json" },
        body: JSON.stringify({ outcome }),
      }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
  }

  /** The ledger reads the swap live (the dashboard's refresh) and keeps what it saw. */
  async function refreshed(swapId: string): Promise<{ status: string; updatedAt: string }> {
    const res = await dashboard(`/api/partner/swaps/${swapId}?refresh=true`);
    expect(res.status, res.raw).toBe(200);
    return res.json as { status: string; updatedAt: string };
  }

  return { dashboard, funnel, swapOf, deposit, refreshed };
}

export const stage = (
  quoted: number,
  addressChecked: number,
  swapCreated: number,
  depositSeen: number,
  completed: number,
) => ({
  quoted,
  addressChecked,
  swapCreated,
  depositSeen,
  completed,
});
export const ending = (completed: number, refunded: number, failed: number, expired: number, abandoned: number) => ({
  completed,
  refunded,
  failed,
  expired,
  abandoned,
});

/** The value of swap_checkout_funnel_steps_dropped_total{step, reason} on an instance's metrics. */
export async function droppedSteps(origin: string, metricsToken: string, step: string, reason: string) {
  const res = await call(origin, "/api/metrics", { headers: { authorization: `Bearer ${metricsToken}` } });
  expect(res.status, res.raw.slice(0, 300)).toBe(200);
  const line = res.text
    .split("\n")
    .find(
      (l) =>
        l.startsWith("swap_checkout_funnel_steps_dropped_total{") &&
        l.includes(`step="${step}"`) &&
        l.includes(`reason="${reason}"`),
    );
  return line === undefined ? undefined : Number(line.split(" ").at(-1));
}
