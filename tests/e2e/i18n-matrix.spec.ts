// Every locale on every screen at phone widths (320 and 360 px): nothing scrolls sideways, no text
// is cut off, axe finds nothing serious; in the right-to-left locales the page mirrors while
// addresses, amounts and ids keep their own order. One server per worker, its swaps made once;
// each test is one screen in one locale, checked at 360 px, then at 320 px without a reload.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { IntlMessageFormat } from "intl-messageformat";
import { directionOf, locales as allLocales, type Locale } from "@/lib/i18n/locales";
import { formatAmount } from "@/lib/swap/format";
import { createSwapThroughApi, expect, expectNoSeriousA11yViolations, test, type CreatedSwap } from "./fixtures";
import type en from "../../lib/i18n/messages/en.json";
import { TRON_ADDRESS } from "./pages/checkout-page";
import { screenshotsOnly, shoot, takingScreenshots } from "./shots";

// `npm test` walks eight locales that stand for the rest (both right-to-left scripts, the longest
// words, Cyrillic, CJK, Thai, Devanagari); `npm run test:i18n` (I18N_MATRIX=all) walks all 30, and
// ONLY=ar,fa picks some.
const sample: readonly Locale[] = ["en", "ar", "he", "de", "ru", "ja", "th", "hi"];
const locales: readonly Locale[] = process.env.ONLY
  ? allLocales.filter((l) => process.env.ONLY!.split(",").includes(l))
  : process.env.I18N_MATRIX === "all"
    ? allLocales
    : sample;

type Messages = typeof en;
const messages = Object.fromEntries(
  allLocales.map((locale) => [
    locale,
    JSON.parse(readFileSync(new URL(`../../lib/i18n/messages/${locale}.json`, import.meta.url), "utf8")) as Messages,
  ]),
) as Record<Locale, Messages>;

const PASSWORD = "i18n matrix password";
const SOL_ADDRESS = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const widths = [360, 320] as const;
const CHECKOUT = "/?from=BTC&to=USDT.tron&amount=0.01";

test.use({
  appEnv: {
    PARTNER_DASHBOARD_PASSWORD: PASSWORD,
    SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000",
    PARTNER_RATE_LIMIT_PER_MINUTE: "1000000",
  },
  permissions: ["clipboard-read", "clipboard-write"],
  viewport: { width: widths[0], height: 740 },
  // A step that cannot happen (a control in the wrong language) fails, rather than waiting for the test's end.
  actionTimeout: 15_000,
});
// In parallel: the screens are shared between the workers (one per core), each with its own server
// and swaps (beforeAll runs once per worker). As one serial file the matrix ran 8.9 minutes on one
// worker while the other stood idle, the last file of `npm test`. A test per screen and locale, not
// per screen: 56 short tests even out the workers' ends and the parts of `npm test -- --shard=K/N`,
// which Playwright splits by the number of tests. The time is beforeAll's, which waits for a swap
// to complete.
test.describe.configure({ mode: "parallel", timeout: 180_000 });

type SwapRead = { status: string; deposit: { address: string; memo: string | null; amount: string; deadline: string } };
let memoSwap: CreatedSwap & { read: SwapRead };
let completed: CreatedSwap;
let expired: CreatedSwap;
let sessionCookie: { name: string; value: string };

/** This file's server, where the locale cookie is set. */
let origin: string;
test.beforeAll(async ({ app, playwright }) => {
  origin = app.origin;
  const request = await playwright.request.newContext();
  const read = async (swap: CreatedSwap) =>
    (await (
      await request.get(`${origin}/api/v1/swap/${swap.id}`, { headers: { "x-swap-token": swap.token } })
    ).json()) as SwapRead;
  const memo = await createSwapThroughApi(request, origin, {
    from: ["XLM", "stellar"],
    to: ["SOL", "solana"],
    amount: "60",
    address: SOL_ADDRESS,
  });
  memoSwap = { ...memo, read: await read(memo) };
  expect(memoSwap.read.deposit.memo).toBeTruthy();
  completed = await createSwapThroughApi(request, origin);
  expired = await createSwapThroughApi(request, origin);
  const paid = await request.post(`${origin}/api/sandbox/swaps/${completed.id}/deposit`, {
    headers: { "x-swap-token": completed.token },
    data: {},
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const seeded = await request.post(`${origin}/api/sandbox/seed`, { data: { count: 30 } });
  expect(seeded.status()).toBe(200);
  const login = await request.post(`${origin}/api/partner/session`, { data: { password: PASSWORD } });
  const [name, ...value] = login.headers()["set-cookie"]!.split(";")[0]!.split("=");
  sessionCookie = { name: name!, value: value.join("=") };
  await expect
    .poll(async () => (await read(completed)).status, { timeout: 60_000, intervals: [1_000] })
    .toBe("completed");
  await request.dispose();
});

/** Opens `path` in `locale` (the selector's cookie), as a new page load even when only the language changed. */
async function openIn(page: Page, locale: Locale, path: string) {
  await page.context().addCookies([{ name: "locale", value: locale, url: origin }]);
  // The same address with a #t= fragment would only scroll, not load the page in the new language.
  if (page.url() !== "about:blank") await page.goto("about:blank");
  await page.goto(path);
}

/**
 * What a person would see go wrong at this width: the page scrolling sideways, or an element that
 * clips its own text (a box narrower than what it holds, with overflow hidden or clip, or one that
 * scrolls sideways inside). Left out: what is meant to be clipped (an ellipsis, screen-reader-only
 * text) and form fields, whose text scrolls inside them by design.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  // Two frames: a width change lays the page out again.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth)
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px in ${window.innerWidth} px`);
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.getAttribute("data-testid") ? ` data-testid=${el.getAttribute("data-testid")}` : ""}> "${(el.textContent ?? "").trim().slice(0, 50)}"`;
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      if (
        el.closest(".sr-only, [hidden], dialog:not([open]), details:not([open]) > :not(summary)") ||
        el.matches("input, select, textarea, svg, svg *")
      )
        continue;
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden" || el.getClientRects().length === 0) continue;
      if (style.textOverflow === "ellipsis") continue;
      const clipsX = style.overflowX !== "visible";
      const clipsY = style.overflowY === "hidden" || style.overflowY === "clip";
      if (clipsX && el.scrollWidth > el.clientWidth + 1)
        problems.push(`cut off sideways (${el.scrollWidth} > ${el.clientWidth} px): ${describe(el)}`);
      else if (clipsY && el.scrollHeight > el.clientHeight + 1)
        problems.push(`cut off below (${el.scrollHeight} > ${el.clientHeight} px): ${describe(el)}`);
    }
    return problems;
  });
}

/**
 * Checks the page as it is in `locale` at 360 px, then at 320 px: layout at both, axe once (what it
 * checks does not change with the width). Problems are gathered, so one run names them all.
 */
async function checkWidths(page: Page, locale: Locale, screen: string, problems: string[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 740 });
    for (const problem of await layoutProblems(page)) problems.push(`${screen} ${locale} ${width}px: ${problem}`);
  }
  await page.setViewportSize({ width: widths[0], height: 740 });
  if (!process.env.NO_AXE) await expectNoSeriousA11yViolations(page, `${screen} in ${locale}`, { soft: true });
  await expect.soft(page.locator("html"), `${screen} in ${locale}`).toHaveAttribute("lang", locale);
  await expect.soft(page.locator("html"), `${screen} in ${locale}`).toHaveAttribute("dir", directionOf(locale));
}

/**
 * From the checkout (`CHECKOUT`, open in `locale`) to its review step, as a user of that language
 * gets there: the payout address typed into the field its label names, then the main button once
 * it reads "Review swap" in the locale. No swap is created.
 */
async function reachReview(page: Page, locale: Locale) {
  const m = messages[locale];
  const label = new IntlMessageFormat(m.destination.addressLabel, locale).format({
    symbol: "USDT",
    network: "Tron",
  }) as string;
  await page.getByRole("textbox", { name: label, exact: true }).fill(TRON_ADDRESS);
  const main = page.getByTestId("main-button");
  await expect(main).toHaveText(m.checkout.review);
  await main.click();
  await expect(page.getByRole("heading", { level: 1, name: m.review.heading })).toBeVisible();
}

/** The x of the journey's steps, in the order they come (Details, Review, Deposit, Done). */
async function stepXs(page: Page): Promise<number[]> {
  return page
    .getByTestId("step-indicator")
    .locator(":scope > li")
    .evaluateAll((items) => items.map((li) => li.getBoundingClientRect().x));
}

for (const locale of locales)
  test(`the checkout with a pair and an amount, in ${locale}`, async ({ page }) => {
    const problems: string[] = [];
    const m = messages[locale];
    await openIn(page, locale, CHECKOUT);
    await expect(page.getByRole("heading", { level: 1, name: m.checkout.heading })).toBeVisible();
    await expect(page.getByTestId("quote-details")).toBeVisible();
    await checkWidths(page, locale, "checkout", problems);
    const xs = await stepXs(page);
    // Reading order: the first step at the start of the line, on the right in a right-to-left page.
    if (directionOf(locale) === "rtl") expect(xs[0], `steps from the right in ${locale}`).toBeGreaterThan(xs[1]!);
    else expect(xs[0], `steps from the left in ${locale}`).toBeLessThan(xs[1]!);
    // The address field's hint reads in the page's direction; a typed address, left to right.
    const address = page.locator("#address");
    const direction = () => address.evaluate((input) => getComputedStyle(input).direction);
    expect(await direction(), `the address field's hint in ${locale}`).toBe(directionOf(locale));
    await address.fill(TRON_ADDRESS);
    expect(await direction(), `a typed address in ${locale}`).toBe("ltr");
    expect(problems).toEqual([]);
  });

for (const locale of locales)
  test(`the review step before a swap is created, in ${locale}: its words, the amounts in the locale's digits`, async ({
    page,
  }) => {
    const problems: string[] = [];
    const m = messages[locale];
    await openIn(page, locale, CHECKOUT);
    await expect(page.getByTestId("quote-details")).toBeVisible();
    await reachReview(page, locale);
    await expect(page.getByRole("button", { name: m.review.create, exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: m.review.edit, exact: true })).toBeVisible();
    await checkWidths(page, locale, "review", problems);
    // What is sent, as the locale writes 0.01 ("0,01" in German, "۰٫۰۱" in Persian).
    const sent = formatAmount("0.01", locale, 8);
    if (locale === "de") expect(sent).toBe("0,01");
    if (locale === "fa") expect(sent, "Persian digits").toBe("۰٫۰۱");
    await expect(page.getByText(m.review.youSend, { exact: true }).locator("xpath=following-sibling::p[1]")).toHaveText(
      `${sent} BTC`,
    );
    // The estimate in the same digits and separators: only characters the locale's numbers use.
    const parts = new Intl.NumberFormat(locale).formatToParts(1234567890.5);
    const chars = [...new Set(parts.filter((p) => p.type !== "literal").flatMap((p) => [...p.value]))]
      .join("")
      .replace(/[\\\]^-]/g, "\\$&");
    await expect(page.getByTestId("review-receive")).toHaveText(new RegExp(`^≈ [${chars}\\s]+ USDT$`));
    // The review is the journey's second step, named in the locale, and the steps run in its direction.
    const current = page.getByTestId("step-indicator").locator(':scope > li[aria-current="step"]');
    await expect(current).toContainText(m.steps.review);
    expect(
      await current.evaluate((li) => [...li.parentElement!.children].indexOf(li)),
      `the current step in ${locale}`,
    ).toBe(1);
    const xs = await stepXs(page);
    if (directionOf(locale) === "rtl") expect(xs[0], `steps from the right in ${locale}`).toBeGreaterThan(xs[1]!);
    else expect(xs[0], `steps from the left in ${locale}`).toBeLessThan(xs[1]!);
    expect(problems).toEqual([]);
  });

for (const locale of locales)
  test(`the deposit page of a swap with a memo, in ${locale}: addresses read in their own order, copies are exact, the deadline has its zone`, async ({
    page,
  }) => {
    const problems: string[] = [];
    const { address, memo, amount, deadline } = memoSwap.read.deposit;
    const m = messages[locale];
    await openIn(page, locale, memoSwap.path);
    await expect(page.getByTestId("deposit-memo")).toBeVisible();
    await page.getByRole("checkbox", { name: m.deposit.memoConfirm }).check();
    await expect(page.getByTestId("deposit-qr")).toBeVisible();
    await checkWidths(page, locale, "deposit", problems);
    // The address and the memo read in their own order in any page: left to right, isolated.
    const shown = page.getByTestId("deposit-address").locator("bdi");
    expect(
      await shown.evaluate((el) => [el.textContent, getComputedStyle(el).direction]),
      `address in ${locale}`,
    ).toEqual([address, "ltr"]);
    expect(
      await page.getByTestId("deposit-memo").evaluate((el) => [el.textContent, getComputedStyle(el).direction]),
      `memo in ${locale}`,
    ).toEqual([memo, "ltr"]);
    // The amount in the locale's digits, and the wallet's plain form beside it when they differ.
    const localAmount = new Intl.NumberFormat(locale, { maximumFractionDigits: 7 }).format(Number(amount));
    await expect(page.getByTestId("deposit-amount")).toHaveText(`${localAmount} XLM`);
    if (locale === "fa") expect(localAmount, "Persian digits").toBe("۶۰");
    if (localAmount !== amount)
      await expect(page.getByTestId("deposit-amount-typed")).toHaveText(`${m.deposit.typeAs} ${amount}`);
    else await expect(page.getByTestId("deposit-amount-typed")).toHaveCount(0);
    // The deadline as a date of the locale (this browser's Intl), with its time zone's name.
    const [zoned, zone] = await page.evaluate(
      ([at, l]) => {
        const format = new Intl.DateTimeFormat(l, {
          year: "numeric",
          month: "short",
          day: "numeric",
          hour: "numeric",
          minute: "2-digit",
          timeZoneName: "short",
        });
        return [
          format.format(new Date(at)),
          format.formatToParts(new Date(at)).find((p) => p.type === "timeZoneName")?.value ?? "",
        ];
      },
      [deadline, locale] as const,
    );
    expect(zone, `the deadline's zone in ${locale}`).not.toBe("");
    await expect(page.getByTestId("deposit-countdown").locator("xpath=..")).toContainText(zoned);
    if (directionOf(locale) === "rtl") {
      for (const [name, value] of [
        [`${m.common.copy} ${m.deposit.address}`, address],
        [`${m.common.copy} ${/other \{([^}]*)\}/.exec(m.deposit.memoName)![1]}`, memo], // Stellar's: "Memo"
        [`${m.common.copy} ${m.deposit.amount}`, amount],
      ] as const) {
        await page.getByRole("button", { name, exact: true }).click();
        expect(await page.evaluate(() => navigator.clipboard.readText()), `${name} in ${locale}`).toBe(value);
      }
      const xs = await stepXs(page);
      expect(xs[0], `steps from the right in ${locale}`).toBeGreaterThan(xs[1]!);
    }
    expect(problems).toEqual([]);
  });

for (const locale of locales)
  test(`a completed swap with its receipt, in ${locale}`, async ({ page }) => {
    const problems: string[] = [];
    const m = messages[locale];
    await openIn(page, locale, completed.path);
    await expect(page.getByRole("heading", { level: 1, name: m.status.completed.title })).toBeVisible();
    await expect(page.getByTestId("receipt")).toBeVisible();
    await checkWidths(page, locale, "completed", problems);
    if (directionOf(locale) === "rtl") {
      const payout = page.getByTestId("payout-address").locator("bdi");
      expect(await payout.evaluate((el) => getComputedStyle(el).direction), `payout address in ${locale}`).toBe("ltr");
      // Read left to right, yet under its label on the right, where the page's lines start.
      const [address, row] = await page
        .getByTestId("payout-address")
        .evaluate((dd) => [dd.querySelector("bdi")!, dd].map((el) => Math.round(el.getBoundingClientRect().right)));
      expect(address, `payout address at its label's side in ${locale}`).toBe(row);
    }
    expect(problems).toEqual([]);
  });

for (const locale of locales)
  test(`an expired swap, in ${locale}`, async ({ page }) => {
    // The real swap answer as it reads once the deposit window has passed (a short window would expire
    // the deposit page's swap too).
    await page.route(`**/api/v1/swap/${expired.id}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { status: string };
      body.status = "expired";
      await route.fulfill({ response, json: body });
    });
    const problems: string[] = [];
    const m = messages[locale];
    await openIn(page, locale, expired.path);
    await expect(page.getByRole("heading", { level: 1, name: m.status.expired.title })).toBeVisible();
    await expect(page.getByTestId("new-quote")).toBeVisible();
    await checkWidths(page, locale, "expired", problems);
    expect(problems).toEqual([]);
  });

for (const locale of locales)
  test(`the widget in the locale its embed asks for, in ${locale}`, async ({ page }) => {
    const problems: string[] = [];
    await page.goto(`/widget?from=BTC&to=USDT.tron&amount=0.01&locale=${locale}`);
    await expect(page.getByRole("heading", { name: messages[locale].checkout.heading })).toBeVisible();
    await expect(page.getByTestId("quote-details")).toBeVisible();
    await checkWidths(page, locale, "widget", problems);
    expect(problems).toEqual([]);
  });

for (const locale of locales)
  test(`the dashboard with its daily table open, in ${locale}`, async ({ page, baseURL }) => {
    await page.context().addCookies([{ ...sessionCookie, url: baseURL! }]);
    const problems: string[] = [];
    const m = messages[locale];
    await openIn(page, locale, "/partner");
    await expect(page.getByTestId("total-count")).toHaveAttribute("data-value", /^[1-9]/);
    await expect(page.getByTestId("swap-card").first()).toBeVisible();
    // The funnel above the chart fills in when its own read comes back, and moves the chart down by
    // about 500 px: a click sent before that lands where the chart's summary no longer is.
    await expect(page.getByTestId("funnel-chart").or(page.getByTestId("funnel-empty"))).toBeVisible();
    await page.getByText(m.dashboard.chart.table, { exact: true }).click();
    await expect(page.getByRole("region", { name: m.dashboard.chart.table })).toBeVisible();
    await checkWidths(page, locale, "dashboard", problems);
    expect(problems).toEqual([]);
  });

test("screenshots at 390 px of the checkout, its review, a deposit and a completed swap in right-to-left and other scripts", async ({
  page,
}) => {
  // Pictures only: every one of these screens is asserted in 8 locales by the tests above.
  test.skip(!takingScreenshots, screenshotsOnly);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const locale of ["ar", "fa", "he", "ja", "hi", "de"] as const) {
    const m = messages[locale];
    await openIn(page, locale, CHECKOUT);
    await expect(page.getByTestId("quote-details")).toBeVisible();
    await shoot(page, "i18n", `checkout-${locale}-390`, { fullPage: true, animations: "disabled" });
    await reachReview(page, locale);
    await shoot(page, "i18n", `review-${locale}-390`, { fullPage: true, animations: "disabled" });
    await page.goto(memoSwap.path);
    await page.getByRole("checkbox", { name: m.deposit.memoConfirm }).check();
    await expect(page.getByTestId("deposit-qr")).toBeVisible();
    await shoot(page, "i18n", `deposit-${locale}-390`, { fullPage: true, animations: "disabled" });
    await page.goto(completed.path);
    await expect(page.getByTestId("receipt")).toBeVisible();
    await shoot(page, "i18n", `completed-${locale}-390`, { fullPage: true, animations: "disabled" });
    // The swaps just opened are now "my swaps": forgotten, so every language's checkout and review
    // are shot as a first visit (no "continue your swap" banner, no list), alike side by side.
    await page.evaluate(() => localStorage.clear());
  }
});
