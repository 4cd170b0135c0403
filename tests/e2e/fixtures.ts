// Shared test fixtures: page objects, an app server with other settings per spec file, swaps made
// through the BFF's public API, axe checks and screenshots.
import { randomUUID } from "node:crypto";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { startApp, type RunningApp } from "../support/servers";
import { axe } from "./axe";
import { generousClientLimits } from "./client-limits";
import { shoot, takingScreenshots } from "./shots";
import { CheckoutPage, TRON_ADDRESS } from "./pages/checkout-page";
import { SwapPage } from "./pages/swap-page";

type WorkerFixtures = {
  /** Set with `test.use({ appEnv: {...} })` at the top of a spec file: its server then runs with these settings too. */
  appEnv: Record<string, string> | null;
  /** The worker's server: the production build on the embedded sandbox, its own ledger, a free port. */
  app: RunningApp;
};

type TestFixtures = {
  checkout: CheckoutPage;
  swapPage: SwapPage;
  /** Makes a swap through the BFF's API and opens its page, as a user following their saved link. */
  openNewSwap: (options?: SwapOptions) => Promise<CreatedSwap>;
  /** On failure, the output of this file's own server is attached to the report. */
  appLogs: void;
  /** Every test: the browser's console output and page errors never carry an API key. */
  noKeyInBrowserLogs: void;
  /** Every test: no document of the app breaks its Content Security Policy (an eval, a script without the nonce, a source it does not allow). */
  noCspViolations: void;
};

/**
 * What an API key looks like in text the browser logged: the build's canary key (scripts/test.sh
 * sets LEAK_CANARY_KEY), the embedded sandbox's key, or anything shaped like a partner key.
 */
const keyPatterns = [
  ...(process.env.LEAK_CANARY_KEY ? [process.env.LEAK_CANARY_KEY] : []),
  "lsk_test_sandbox",
  /lsk_(live|test)_[A-Za-z0-9]{6,}/,
];
const findKeyIn = (text: string) => keyPatterns.find((p) => (typeof p === "string" ? text.includes(p) : p.test(text)));

export const test = base.extend<TestFixtures, WorkerFixtures>({
  appEnv: [null, { scope: "worker", option: true }],
  // One server per worker, so that workers run side by side without sharing a ledger or a sandbox.
  // A file with other settings (appEnv) gets a worker, and so a server, of its own.
  app: [
    async ({ appEnv }, use) => {
      const canary: Record<string, string> = process.env.LEAK_CANARY_KEY
        ? { SANDBOX_API_KEY: process.env.LEAK_CANARY_KEY }
        : {};
      const app = await startApp({ SANDBOX_STEP_SECONDS: "1", ...generousClientLimits, ...canary, ...(appEnv ?? {}) });
      try {
        await use(app);
      } finally {
        await app.stop();
      }
    },
    // A cold start on a busy 2-core machine has taken over 45 s.
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ app }, use) => use(app.origin),
  appLogs: [
    async ({ app }, use, testInfo) => {
      const from = app.logs().length;
      await use();
      if (testInfo.status !== testInfo.expectedStatus)
        await testInfo.attach("app-server.log", { body: app.logs().slice(from), contentType: "text/plain" });
    },
    { auto: true },
  ],
  noKeyInBrowserLogs: [
    async ({ page }, use) => {
      const logged: string[] = [];
      page.on("console", (message) => logged.push(`console.${message.type()}: ${message.text()}`));
      page.on("pageerror", (error) => logged.push(`page error: ${error.message}\n${error.stack ?? ""}`));
      await use();
      const leaks = logged.filter((line) => findKeyIn(line));
      expect(leaks, "an API key in the browser's console or page errors").toEqual([]);
    },
    { auto: true },
  ],
  noCspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      // Every page and frame of the test's browser context reports through one binding. The CSP
      // refuses a `new Function` quietly when a library catches it (zod's JIT probe did), so the
      // event is watched, not the console.
      await context.exposeBinding("__cspViolation", (_source, line: string) => violations.push(line));
      await context.addInitScript(() =>
        document.addEventListener("securitypolicyviolation", (e) => {
          const report = (window as unknown as { __cspViolation?: (line: string) => void }).__cspViolation;
          report?.(
            `${e.effectiveDirective} refused ${e.blockedURI || "(inline)"} on ${e.documentURI} at ${e.sourceFile}:${e.lineNumber}`,
          );
        }),
      );
      await use();
      expect(violations, "Content Security Policy violations in the app's pages").toEqual([]);
    },
    { auto: true },
  ],
  checkout: async ({ page }, use) => use(new CheckoutPage(page)),
  swapPage: async ({ page }, use) => use(new SwapPage(page)),
  openNewSwap: async ({ request, baseURL, swapPage }, use) =>
    use(async (options) => {
      const created = await createSwapThroughApi(request, baseURL!, options);
      await swapPage.goto(created.path);
      return created;
    }),
});

export { expect };

export type CreatedSwap = { id: string; token: string; path: string; quoteId: string };
export type SwapOptions = {
  from?: [string, string];
  to?: [string, string];
  amount?: string;
  address?: string;
  memo?: string;
};

/**
 * A swap made through the BFF's browser-facing API (what the checkout does on "Create swap"), for
 * tests that start on the status page as a user following their saved link.
 */
export async function createSwapThroughApi(
  request: APIRequestContext,
  baseURL: string,
  options: SwapOptions = {},
): Promise<CreatedSwap> {
  const [fromToken, fromNetwork] = options.from ?? ["BTC", "bitcoin"];
  const [toToken, toNetwork] = options.to ?? ["USDT", "tron"];
  const quoteResponse = await request.post(`${baseURL}/api/v1/quote`, {
    data: {
      from: { network: fromNetwork, token: fromToken, amount: options.amount ?? "0.01" },
      to: { network: toNetwork, token: toToken },
    },
  });
  expect(quoteResponse.status(), await quoteResponse.text()).toBe(200);
  const quote = (await quoteResponse.json()) as { id: string };
  const swapResponse = await request.post(`${baseURL}/api/v1/swap`, {
    headers: { "idempotency-key": randomUUID() },
    data: { quoteId: quote.id, destination: { address: options.address ?? TRON_ADDRESS, memo: options.memo ?? null } },
  });
  expect(swapResponse.status(), await swapResponse.text()).toBe(200);
  const created = (await swapResponse.json()) as { swap: { id: string }; accessToken: string };
  return {
    id: created.swap.id,
    token: created.accessToken,
    path: `/swap/${created.swap.id}#t=${created.accessToken}`,
    quoteId: quote.id,
  };
}

/**
 * axe-core on the page as it is at rest: no violation of impact "serious" or "critical". A switch of
 * colour scheme starts the buttons' colour transitions (150 ms); axe, run at once, could read their
 * colours half-way (grey on grey, 2.6:1) and report a contrast no user sees at rest. So transitions
 * are switched off while axe runs, which ends a running one at its final colours at once.
 */
export async function expectNoSeriousA11yViolations(page: Page, where: string, options: { soft?: boolean } = {}) {
  const atRest = await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  const results = await axe(page)
    .analyze()
    .finally(() => atRest.evaluate((style) => (style as HTMLStyleElement).remove()).catch(() => undefined));
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(" ")}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, " ").trim()}]` : ""}`).join("; ")}`,
    );
  (options.soft ? expect.soft(serious, `axe: ${where}`) : expect(serious, `axe: ${where}`)).toEqual([]);
}

const screenshotSizes = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * In a run that takes screenshots (./shots), writes checkout/<step>-<width>-<scheme>.png at both
 * sizes in light and dark, then puts the viewport and colour scheme back. `fullPage: false` for a modal dialog, whose
 * backdrop covers the viewport only. `colorSchemes` for a page whose theme is fixed (the widget's
 * `theme=dark`): the other scheme would be the same picture. Changing them fires no focus event, so
 * the swap page does not poll while this runs.
 */
export async function screenshotStep(
  page: Page,
  step: string,
  options: { fullPage?: boolean; colorSchemes?: ReadonlyArray<"light" | "dark"> } = {},
) {
  if (!takingScreenshots) return;
  const viewport = page.viewportSize();
  await page.mouse.move(0, 0);
  for (const size of screenshotSizes) {
    await page.setViewportSize(size);
    for (const colorScheme of options.colorSchemes ?? (["light", "dark"] as const)) {
      await page.emulateMedia({ colorScheme });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await shoot(page, "checkout", `${step}-${size.width}-${colorScheme}`, {
        fullPage: options.fullPage ?? true,
        animations: "disabled",
      });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  if (viewport) await page.setViewportSize(viewport);
}

/**
 * Stops the page's clock a moment from now (0.2 s by default): from here only runFor moves it. The
 * clock ticks while the command travels, so a moment that has already passed is tried again.
 */
export async function pauseClock(page: Page, aheadMs = 200) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.clock.pauseAt((await page.evaluate(() => Date.now())) + aheadMs);
    } catch (error) {
      if (attempt >= 5 || !/fast-forward to the past/.test(String(error))) throw error;
    }
  }
}

/** Counts the page's reads of swap `id`, and sends a marker request that follows everything before it. */
export function readCounter(page: Page, id: string) {
  let reads = 0;
  let markers = 0;
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path === `/api/v1/swap/${id}`) reads++;
    if (path === "/api/health") markers++;
  });
  return {
    reads: () => reads,
    /** Resolves once every request the page made before this call has been seen here. */
    settle: async () => {
      const before = markers;
      await page.evaluate(() => fetch("/api/health", { cache: "no-store" }).then((r) => r.status));
      await expect.poll(() => markers).toBe(before + 1);
    },
  };
}
