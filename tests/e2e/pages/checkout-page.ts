// Step 1 of the checkout at `/`: what you send and receive, the amount, the destination, the quote.
import { expect, type Locator, type Page } from "@playwright/test";
import { networkLabel } from "@/lib/swap/asset-ref";
import { AssetPickerDialog, sideLabel, type Side } from "./asset-picker";
import { ReviewPage } from "./review-page";
import type { SwapPage } from "./swap-page";

/** Where `walkToDeposit` stops, in order; the screenshots of these steps carry the same names. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export type CheckoutStop = "checkout-empty" | "checkout-quote" | "picker-open" | "review" | "deposit";

export class CheckoutPage {
  readonly heading: Locator;
  readonly amount: Locator;
  readonly estimate: Locator;
  readonly quoteDetails: Locator;
  readonly countdown: Locator;
  readonly address: Locator;
  readonly memo: Locator;
  readonly flipButton: Locator;
  readonly reviewButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Swap crypto", level: 1 });
    this.amount = page.getByRole("textbox", { name: "You send", exact: true });
    this.estimate = page.getByRole("status", { name: "You receive" });
    this.quoteDetails = page.getByTestId("quote-details");
    this.countdown = page.getByTestId("quote-countdown");
    this.address = page.getByRole("textbox", { name: /^Your \S+ address on / });
    this.memo = page.getByRole("textbox", { name: /^(Memo|Destination tag) \(/ });
    this.flipButton = page.getByRole("button", { name: "Swap direction" });
    // The form's main button: "Review swap" when ready, else it names what is missing.
    this.reviewButton = page.getByTestId("main-button");
  }

  async goto(query: Record<string, string> = {}) {
    const search = new URLSearchParams(query).toString();
    await this.page.goto(search ? `/?${search}` : "/");
    await expect(this.heading).toBeVisible();
  }

  /** The button that opens a side's picker; its name says what is selected ("You send: BTC Bitcoin. Change asset"). */
  pickerButton(side: Side): Locator {
    return this.page.getByRole("button", { name: new RegExp(`^${sideLabel(side)}: `) });
  }

  picker(side: Side): AssetPickerDialog {
    return new AssetPickerDialog(this.page, side);
  }

  async openPicker(side: Side): Promise<AssetPickerDialog> {
    await this.pickerButton(side).click();
    const picker = this.picker(side);
    await picker.expectOpen();
    return picker;
  }

  /** Opens the side's picker, types `query` (default: the symbol) and chooses the asset. */
  async pickAsset(
    side: Side,
    symbol: string,
    network: string,
    options: { query?: string; with?: "mouse" | "keyboard" } = {},
  ) {
    const picker = await this.openPicker(side);
    await picker.searchFor(options.query ?? symbol);
    if (options.with === "keyboard") await picker.chooseWithKeyboard(symbol, network);
    else await picker.chooseWithMouse(symbol, network);
    await this.expectSelected(side, symbol, network);
  }

  /** A symbol on several networks is named with its network ("USDT on Tron"), one on a single network with it beside ("BTC Bitcoin"). */
  async expectSelected(side: Side, symbol: string, network: string) {
    await expect(this.pickerButton(side)).toHaveAccessibleName(
      new RegExp(
        `^${sideLabel(side)}: ${escapeRegExp(symbol)} (on )?${escapeRegExp(networkLabel(network))}\\. Change asset$`,
      ),
    );
  }

  async setAmount(amount: string) {
    await this.amount.fill(amount);
  }

  /**
   * Waits for a quote: an estimate in "You receive", the rate and the countdown. With `pair`, the
   * rate must be for that pair ("1 BTC ≈ … XRP"): a quote left over from other inputs does not count.
   */
  async expectQuote(pair?: { from: string; to: string }) {
    await expect(this.quoteDetails).toBeVisible();
    if (pair) await expect(this.quoteDetails).toContainText(new RegExp(`1 ${pair.from} ≈ [\\d,.]+ ${pair.to}`));
    // Heard with its asset: "≈ 968.61 USDT".
    await expect(this.estimate).toHaveText(/^≈ [\d,.]+ [A-Z0-9]+$/);
    await expect(this.countdown).toHaveText(/^Price valid for \d+:\d{2}$/);
  }

  async fillAddress(address: string) {
    await this.address.fill(address);
  }

  async expectAddressValid(networkName: string) {
    await expect(this.page.getByText(`Valid ${networkName} address`)).toBeVisible();
    await expect(this.address).toHaveAttribute("aria-invalid", "false");
    await expect(this.address).toHaveAccessibleDescription(`✓ Valid ${networkName} address`);
  }

  async fillMemo(memo: string) {
    await this.memo.fill(memo);
  }

  /**
   * Presses "Review swap" (waiting until it is enabled) and returns the review step. A press that
   * lands as the price renews opens the review too, on the price the form showed
   * (quote-refresh.spec.ts).
   */
  async review(): Promise<ReviewPage> {
    await expect(this.reviewButton).toBeEnabled();
    const review = new ReviewPage(this.page);
    await this.reviewButton.click();
    await expect(review.heading).toBeVisible();
    return review;
  }

  /**
   * Walks the whole checkout on the common path, from the empty form to the deposit instructions,
   * and stops at each step for `at` (at "picker-open", the receive side's picker is open and given).
   */
  async walkToDeposit(at: (stop: CheckoutStop, picker?: AssetPickerDialog) => Promise<void>): Promise<SwapPage> {
    await this.goto();
    await at("checkout-empty");
    await this.fillValidBtcToUsdtTron();
    await at("checkout-quote");
    const picker = await this.openPicker("receive");
    await at("picker-open", picker);
    await picker.close();
    const review = await this.review();
    await at("review");
    const swap = await review.create();
    await expect(swap.qrCode).toBeVisible();
    await at("deposit");
    return swap;
  }

  /** The common path: BTC (Bitcoin) → USDT (Tron), preset through the URL, with a valid address. */
  async fillValidBtcToUsdtTron(amount = "0.01") {
    await this.goto({ from: "BTC.bitcoin", to: "USDT.tron", amount });
    await this.expectQuote({ from: "BTC", to: "USDT" });
    await this.fillAddress(TRON_ADDRESS);
    await this.expectAddressValid("Tron");
  }
}

export const TRON_ADDRESS = "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r";
export const XRP_ADDRESS = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";
