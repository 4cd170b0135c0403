// axe-core on every step of the checkout, light and dark: no "serious" or "critical" violation.
// Steps: the form (empty, filled, each refusal), the asset picker, review, deposit instructions, and
// the swap page (completed, refunded and failed: polling.spec.ts, which brings pages there anyway;
// underpaid, which needs the sandbox's slower steps: swap-progress.spec.ts; expired:
// deposit-window.spec.ts).
import type { Page } from "@playwright/test";
import { axe } from "./axe";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { TRON_ADDRESS, XRP_ADDRESS, type CheckoutStop } from "./pages/checkout-page";

// The checks here are only as good as the axe run behind them (./axe): it must still find a problem
// in the page, and inside a frame, where it runs another way.
test("axe as these tests run it finds an unlabelled image in the page and inside a frame", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() =>
    document.body.append(Object.assign(document.createElement("img"), { id: "unlabelled", src: "data:," })),
  );
  const inPage = (await axe(page).analyze()).violations.find((v) => v.id === "image-alt");
  expect(inPage?.nodes.map((n) => n.target)).toEqual([["#unlabelled"]]);

  await page.evaluate(() => {
    document.getElementById("unlabelled")!.remove();
    const frame = Object.assign(document.createElement("iframe"), {
      title: "a frame",
      srcdoc: '<img id="in-frame" src="data:,">',
    });
    document.body.append(frame);
    return new Promise((resolve) => frame.addEventListener("load", resolve));
  });
  expect(page.frames()).toHaveLength(2);
  const inFrame = (await axe(page).analyze()).violations.find((v) => v.id === "image-alt");
  // Its target names the frame, then the image in it.
  expect(inFrame?.nodes.map((n) => n.target.at(-1))).toEqual(["#in-frame"]);
  expect(inFrame?.nodes[0]?.target).toHaveLength(2);
});

async function checkBothSchemes(page: Page, step: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page, `${step} (${colorScheme})`, { soft: true });
  }
  await page.emulateMedia({ colorScheme: null });
}

test("every checkout step passes axe in light and dark: empty form, filled form, picker, review, deposit instructions", async ({
  page,
  checkout,
}) => {
  test.setTimeout(90_000);
  const described: Record<CheckoutStop, string> = {
    "checkout-empty": "checkout form, empty",
    "checkout-quote": "checkout form with quote and address",
    "picker-open": "asset picker dialog open",
    review: "review step",
    deposit: "deposit instructions",
  };
  await checkout.walkToDeposit(async (stop, picker) => {
    await picker?.searchFor("usdt");
    await checkBothSchemes(page, described[stop]);
  });
});

test("the checkout's refusals pass axe in light and dark: invalid address, missing memo, amount out of bounds", async ({
  page,
  checkout,
}) => {
  await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron", amount: "0.01" });
  await checkout.expectQuote();
  await checkout.fillAddress(`${TRON_ADDRESS.slice(0, -1)}s`);
  await expect(checkout.address).toHaveAttribute("aria-invalid", "true");
  await checkBothSchemes(page, "invalid address");

  await checkout.goto({ from: "BTC.bitcoin", amount: "0.01" });
  await checkout.pickAsset("receive", "XRP", "xrpl", { query: "xrp" });
  await checkout.fillAddress(XRP_ADDRESS);
  await checkout.memo.focus();
  await checkout.memo.blur();
  await expect(checkout.memo).toHaveAttribute("aria-invalid", "true");
  await checkBothSchemes(page, "memo required");

  await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron" });
  await checkout.setAmount("0.0001");
  await expect(checkout.amount).toHaveAttribute("aria-invalid", "true");
  await checkBothSchemes(page, "amount below the minimum");
});

test("the asset picker passes axe where the review found fault: its button under the pointer in dark mode, and a search that finds nothing", async ({
  page,
  checkout,
}) => {
  await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron", amount: "0.01" });
  await checkout.expectQuote();
  await page.emulateMedia({ colorScheme: "dark" });
  await checkout.pickerButton("send").hover();
  await expectNoSeriousA11yViolations(page, "picker button hovered (dark)", { soft: true });
  await page.emulateMedia({ colorScheme: null });

  const picker = await checkout.openPicker("receive");
  await picker.searchFor("no such asset anywhere");
  await expect(picker.dialog.getByText(/no such asset anywhere/)).toBeVisible();
  await checkBothSchemes(page, "picker with no match");
});
