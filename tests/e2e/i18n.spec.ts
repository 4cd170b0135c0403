import type { Page } from "@playwright/test";
import { createSwapThroughApi, expect, test } from "./fixtures";
import en from "../../lib/i18n/messages/en.json" with { type: "json" };
import es from "../../lib/i18n/messages/es.json" with { type: "json" };
import ru from "../../lib/i18n/messages/ru.json" with { type: "json" };
import { shoot } from "./shots";
import { locales } from "../../lib/i18n/locales";

// The checkout in English, Spanish and Russian: every step shows its catalogue's words.
const catalogues = { en, es, ru } as const;
type Locale = keyof typeof catalogues;

/** A message with its placeholders filled in, as next-intl renders simple ones. */
const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function useLocale(page: Page, locale: Locale) {
  await page.context().addCookies([{ name: "locale", value: locale, url: origin }]);
}

async function walkToDeposit(page: Page, m: (typeof catalogues)[Locale]) {
  await page.goto("/?from=BTC&to=USDT.tron&amount=0.01");
  await expect(page.getByRole("heading", { name: m.checkout.heading })).toBeVisible();
  await expect(page.getByText(m.app.sandboxBadge)).toBeVisible();
  await page
    .getByLabel(fill(m.destination.addressLabel, { symbol: "USDT", network: "Tron" }))
    .fill("TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r");
  await expect(page.getByText(fill(m.destination.valid, { network: "Tron" }))).toBeVisible();
  await page.getByRole("button", { name: m.checkout.review }).click();
  await expect(page.getByRole("heading", { name: m.review.heading })).toBeVisible();
  await page.getByRole("button", { name: m.review.create }).click();
  await expect(page.getByRole("heading", { name: m.status.waiting_deposit.title })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: fill(m.deposit.heading, { token: "BTC", network: "Bitcoin" }) }),
  ).toBeVisible();
}

async function waitForStatus(page: Page, m: (typeof catalogues)[Locale], title: string) {
  await expect(async () => {
    await page
      .getByRole("button", { name: m.swap.refresh })
      .click({ timeout: 1_000 })
      .catch(() => {});
    await expect(page.getByRole("heading", { name: title })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 40_000 });
}

test.use({ permissions: ["clipboard-read", "clipboard-write"] });
/** The worker's server, where the locale cookie is set. */
let origin: string;
test.beforeEach(({ app }) => {
  origin = app.origin;
});

/**
 * On the deposit step: the amount shown in the locale's number format (a decimal comma in es and
 * ru), the copied amount exactly as the API carries it, and the deadline as a date of the locale
 * (the swap's own deposit.deadline, formatted by this browser for the locale, and not as English).
 */
async function expectLocaleFormats(page: Page, locale: Locale) {
  const m = catalogues[locale];
  const shown = { en: "0.01 BTC", es: "0,01 BTC", ru: "0,01 BTC" }[locale];
  await expect(
    page.getByText(m.deposit.amount, { exact: true }).locator("xpath=following-sibling::div[1]/p"),
  ).toHaveText(shown);
  await page.getByRole("button", { name: `${m.common.copy} ${m.deposit.amount}` }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("0.01");

  const url = new URL(page.url());
  const token = new URLSearchParams(url.hash.slice(1)).get("t")!;
  const swap = (await (
    await page.request.get(`${url.origin}/api/v1/swap/${url.pathname.split("/").pop()}`, {
      headers: { "x-swap-token": token },
    })
  ).json()) as {
    deposit: { deadline: string };
  };
  const [local, english] = await page.evaluate(
    // The deposit page shows the deadline with its time zone.
    ([deadline, l]) =>
      [l, "en"].map((x) =>
        new Intl.DateTimeFormat(x, {
          year: "numeric",
          month: "short",
          day: "numeric",
          hour: "numeric",
          minute: "2-digit",
          timeZoneName: "short",
        }).format(new Date(deadline)),
      ),
    [swap.deposit.deadline, locale] as const,
  );
  if (locale !== "en") expect(local).not.toBe(english);
  await expect(page.getByText(fill(m.deposit.deadline, { date: local! }), { exact: false })).toBeVisible();
}

for (const locale of ["en", "es", "ru"] as const) {
  test(`walks the whole swap to completed in ${locale}, with the page's lang, translated text on every step, and the locale's number and date formats with exact copied values`, async ({
    page,
  }) => {
    const m = catalogues[locale];
    await useLocale(page, locale);
    await walkToDeposit(page, m);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expectLocaleFormats(page, locale);
    await page.getByRole("button", { name: m.sandbox.fullDeposit }).click();
    await waitForStatus(page, m, m.status.completed.title);
    await expect(page.getByText(m.status.completed.body)).toBeVisible();
  });
}

for (const locale of ["es", "ru"] as const) {
  test(`screenshots of the deposit step and a failed swap in ${locale} at phone width`, async ({ page }) => {
    const m = catalogues[locale];
    await page.setViewportSize({ width: 390, height: 844 });
    await useLocale(page, locale);
    await walkToDeposit(page, m);
    await expect(page.getByRole("img", { name: new RegExp(escape("bc1")) })).toBeVisible();
    // "0,01" in the page's language, and the form a wallet takes (what Copy gives) beside it.
    await expect(page.getByTestId("deposit-amount-typed")).toHaveText(`${m.deposit.typeAs} 0.01`);
    await shoot(page, "i18n", `deposit-${locale}-390`, { fullPage: true });
    await page.getByRole("radio", { name: m.sandbox.outcome_failed }).check();
    await page.getByRole("button", { name: m.sandbox.fullDeposit }).click();
    await waitForStatus(page, m, m.status.failed.title);
    await shoot(page, "i18n", `failed-${locale}-390`, { fullPage: true });
  });
}

test("the widget speaks the locale its embed asks for", async ({ page }) => {
  for (const locale of ["es", "ru"] as const) {
    await page.goto(`/widget?from=BTC&to=USDT.tron&amount=0.01&locale=${locale}`);
    await expect(page.getByRole("heading", { name: catalogues[locale].checkout.heading })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
  }
});

test("Accept-Language: ru with no choice made gives Russian", async ({ browser }) => {
  // A browser set to Russian sends Accept-Language: ru-RU,ru…
  const context = await browser.newContext({ locale: "ru-RU" });
  const page = await context.newPage();
  await page.goto(origin + "/");
  await expect(page.getByRole("heading", { name: ru.checkout.heading })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await context.close();
});

test("the language switcher changes the language without losing what the user entered, and is remembered", async ({
  page,
}) => {
  await page.goto("/?from=BTC&to=USDT.tron&amount=0.02");
  await page
    .getByLabel(fill(en.destination.addressLabel, { symbol: "USDT", network: "Tron" }))
    .fill("TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r");
  await expect(page.getByText(fill(en.destination.valid, { network: "Tron" }))).toBeVisible();
  // Reached for as a person does (the other languages are listed from the first focus or touch).
  const languages = page.getByRole("combobox", { name: en.app.language });
  await languages.focus();
  await expect(languages.locator("option")).toHaveCount(locales.length);
  await languages.selectOption("es");
  await expect(page.getByRole("heading", { name: es.checkout.heading })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  // The same amount, in Spanish's decimal mark.
  await expect(page.getByLabel(es.checkout.youSend, { exact: true })).toHaveValue("0,02");
  await expect(page.getByLabel(fill(es.destination.addressLabel, { symbol: "USDT", network: "Tron" }))).toHaveValue(
    "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r",
  );
  await page.reload();
  await expect(page.getByRole("heading", { name: es.checkout.heading })).toBeVisible();
  await expect(page.getByLabel(es.checkout.youSend, { exact: true })).toHaveValue("0,02");
  await expect(page).toHaveURL(/[?&]amount=0\.02(&|$)/);
});

test("every language is offered to a keyboard and to a touch, though the first paint lists only the current one", async ({
  page,
  request,
}) => {
  // The server's HTML names one language: the others cost the first layout a font lookup each.
  const html = await (await request.get("/")).text();
  expect(html.match(/<option /g)).toHaveLength(1);

  await page.goto("/");
  const languages = page.getByRole("combobox", { name: en.app.language });
  await expect(languages).toHaveValue("en");
  // Keyboard: the switcher is the second Tab stop, after the brand's link to the start page, and
  // an arrow key moves to the next language, as on any select.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(languages).toBeFocused();
  await expect(languages.locator("option")).toHaveCount(locales.length);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("heading", { name: es.checkout.heading })).toBeVisible();

  // A pointer (a phone's tap) finds the whole list too.
  await page.context().clearCookies();
  await page.goto("/");
  const fresh = page.getByRole("combobox", { name: en.app.language });
  await fresh.click();
  await expect(fresh.locator("option")).toHaveCount(locales.length);
});

test("the quote's numbers follow the locale's format", async ({ page }) => {
  await useLocale(page, "ru");
  await page.goto("/?from=ETH.ethereum&to=USDT.tron&amount=1.5");
  // Russian groups thousands with a space and uses a decimal comma: 1 ETH ≈ 3 411,3 USDT.
  await expect(page.getByTestId("quote-details")).toContainText(/1 ETH ≈ 3\s411,3 USDT/);
});

test("with a phone's largest text the checkout still shows the amounts: the asset button moves under the amount, and nothing scrolls sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/?from=USDT.polygon&to=XRP&amount=1234.5");
  await expect(page.getByTestId("quote-details")).toBeVisible();
  for (const size of ["150%", "200%"]) {
    // What a phone's text-size setting does to a page: its root font grows.
    await page.evaluate((fontSize) => (document.documentElement.style.fontSize = fontSize), size);
    const amount = page.locator("#amount");
    const shown = await amount.evaluate((el: HTMLInputElement) => ({ width: el.clientWidth, needs: el.scrollWidth }));
    expect(shown.needs, `the amount at ${size} needs ${shown.needs} px and has ${shown.width}`).toBeLessThanOrEqual(
      shown.width + 1,
    );
    // Once the page has laid out the new size (its transitions run for a moment).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
        message: `the checkout at ${size} text scrolls sideways`,
      })
      .toBeLessThanOrEqual(0);
    await expect(
      page.getByRole("status").filter({ hasText: "≈" }).or(page.locator("output[aria-labelledby='receive-label']")),
    ).toContainText(/≈ \d/);
  }
});

test("the swap page at 320 px with a phone's largest text (200 %) in English and Russian does not scroll sideways", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  await page.setViewportSize({ width: 320, height: 720 });
  for (const locale of ["en", "ru"] as const) {
    await useLocale(page, locale);
    await page.goto(created.path);
    await expect(page.getByTestId("step-indicator")).toBeVisible();
    await page.evaluate(() => (document.documentElement.style.fontSize = "200%"));
    // The site's name in the header and the copy buttons ("Копировать") used to push it 49-67 px wide.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
        message: `the swap page in ${locale} at 200 % text scrolls sideways`,
      })
      .toBeLessThanOrEqual(0);
  }
});

test("no page scrolls sideways on a small phone in any language: the checkout, the swap page, and both in the widget", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  const pages = [
    "/?from=BTC&to=USDT.tron",
    created.path,
    `/widget/swap/${created.id}#t=${created.token}`,
    "/widget?from=BTC&to=USDT.tron",
  ];
  for (const locale of ["en", "es", "ru"] as const) {
    await useLocale(page, locale);
    for (const width of [320, 360]) {
      await page.setViewportSize({ width, height: 720 });
      for (const path of pages) {
        await page.goto(path);
        await expect(page.getByTestId("step-indicator")).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} in ${locale} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(
          0,
        );
        // Nor is any id, amount or status cut with an ellipsis (an order reference may be read out to
        // support); the amount field scrolls, as inputs do, and a picker's asset name may shorten.
        const cut = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>("body *")]
            .filter(
              (el) =>
                getComputedStyle(el).textOverflow === "ellipsis" &&
                el.scrollWidth > el.clientWidth + 1 &&
                el.offsetParent !== null,
            )
            .map((el) => el.textContent?.trim() ?? ""),
        );
        expect(cut, `${path} in ${locale} at ${width} px cuts text short`).toEqual([]);
      }
    }
  }
  // The step names that are hidden on a phone are still read out.
  await expect(page.getByTestId("step-indicator").getByText(ru.steps.done, { exact: true })).toHaveClass(/sr-only/);
});
