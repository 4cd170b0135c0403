// Step 2 of the checkout: "Check your swap", then "Create swap".
import { expect, type Locator, type Page } from "@playwright/test";
import { SwapPage } from "./swap-page";

export class ReviewPage {
  readonly heading: Locator;
  readonly receive: Locator;
  readonly createButton: Locator;
  readonly backButton: Locator;
  readonly editButton: Locator;
  readonly priceUpdated: Locator;
  readonly acceptNewPrice: Locator;
  readonly countdown: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Check your swap", level: 1 });
    this.receive = page.getByTestId("review-receive");
    this.createButton = page.getByRole("button", { name: "Create swap" });
    this.backButton = page.getByRole("button", { name: "Back to the form" });
    this.editButton = page.getByRole("button", { name: "Edit" });
    this.priceUpdated = page.getByRole("alert").filter({ hasText: "The price was updated" });
    this.acceptNewPrice = page.getByRole("button", { name: "Accept the new price" });
    this.countdown = page.getByTestId("quote-countdown");
  }

  /** The value next to a label ("Payout address", "Destination tag", "Rate", …). */
  row(label: string): Locator {
    return this.page.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd[1]");
  }

  /** The amount under "You send" on its card. */
  sendAmount(): Locator {
    return this.page.getByText("You send", { exact: true }).locator("xpath=following-sibling::p[1]");
  }

  async create(): Promise<SwapPage> {
    await expect(this.createButton).toBeEnabled();
    await this.createButton.click();
    const swap = new SwapPage(this.page);
    await swap.waitForLoad();
    return swap;
  }
}
