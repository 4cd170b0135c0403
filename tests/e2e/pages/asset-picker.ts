// The asset picker dialog ("You send: choose an asset"): search by typing, choose by mouse or keyboard.
import { expect, type Locator, type Page } from "@playwright/test";
import { networkLabel } from "@/lib/swap/asset-ref";

export type Side = "send" | "receive";
export const sideLabel = (side: Side) => (side === "send" ? "You send" : "You receive");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export class AssetPickerDialog {
  readonly dialog: Locator;
  readonly search: Locator;
  readonly results: Locator;
  readonly closeButton: Locator;

  constructor(
    readonly page: Page,
    readonly side: Side,
  ) {
    this.dialog = page.getByRole("dialog", { name: `${sideLabel(side)}: choose an asset` });
    this.search = this.dialog.getByRole("searchbox", { name: "Search assets" });
    this.results = this.dialog.getByRole("list", { name: /assets?$/ });
    this.closeButton = this.dialog.getByRole("button", { name: "Close" });
  }

  /** One asset in the result list; its accessible name is "SYMBOL Name Network". */
  option(symbol: string, network: string): Locator {
    const name = new RegExp(`^${escapeRegExp(symbol)} .*${escapeRegExp(networkLabel(network))}$`);
    return this.results.getByRole("button", { name });
  }

  async expectOpen() {
    await expect(this.dialog).toBeVisible();
    await expect(this.search).toBeFocused();
  }

  async close() {
    await this.closeButton.click();
    await expect(this.dialog).toBeHidden();
  }

  async searchFor(query: string) {
    await this.search.pressSequentially(query);
  }

  /** Moves focus down the results with ArrowDown until the asset has it, then presses Enter. */
  async chooseWithKeyboard(symbol: string, network: string) {
    const target = this.option(symbol, network);
    await expect(target).toBeVisible();
    for (let i = 0; i < 40; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) break;
      await this.page.keyboard.press("ArrowDown");
    }
    await expect(target).toBeFocused();
    await this.page.keyboard.press("Enter");
    await expect(this.dialog).toBeHidden();
  }

  async chooseWithMouse(symbol: string, network: string) {
    await this.option(symbol, network).click();
    await expect(this.dialog).toBeHidden();
  }
}
