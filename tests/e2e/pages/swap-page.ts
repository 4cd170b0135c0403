// The swap page /swap/{id}#t=…: deposit instructions, live status, the sandbox's deposit controls.
import { expect, type Locator, type Page } from "@playwright/test";
import type { SwapStatus } from "@/lib/schema/partner";

const SWAP_URL = /\/swap\/[A-Za-z0-9_-]+#t=[A-Za-z0-9_-]{20,100}$/;

/** The sandbox panel's outcome choice that ends a fully paid swap in each final status ("Completes" is its default). */
const depositOutcomes = { completed: undefined, refunded: "Is refunded", failed: "Fails" } as const;

export class SwapPage {
  readonly status: Locator;
  readonly statusHeading: Locator;
  readonly depositHeading: Locator;
  readonly depositAmount: Locator;
  readonly depositAddress: Locator;
  readonly depositMemo: Locator;
  readonly qrCode: Locator;
  readonly deadline: Locator;
  readonly copyAddress: Locator;
  readonly copyAmount: Locator;
  readonly timeline: Locator;
  readonly checkNow: Locator;
  readonly autoRefreshNote: Locator;
  readonly sandbox: Locator;
  readonly fullDeposit: Locator;
  readonly halfDeposit: Locator;
  readonly newSwap: Locator;
  /** The journey's step bar's marker of one step: its data-state is done, current, ended or upcoming. */
  readonly stepMarker: (label: "Details" | "Review" | "Deposit" | "Done") => Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId("swap-status");
    this.statusHeading = this.status.getByRole("heading", { level: 1 });
    this.depositHeading = page.getByRole("heading", { level: 2, name: /^Send \S+ on / });
    this.depositAmount = page.getByText("Amount to send", { exact: true }).locator("xpath=following-sibling::div[1]/p");
    this.depositAddress = page.getByTestId("deposit-address");
    this.depositMemo = page.getByTestId("deposit-memo");
    this.qrCode = page.getByRole("img", { name: /^QR code of the \S+ deposit address on / });
    this.deadline = page.getByText(/^Send before /);
    // The name starts with the visible word, which turns to "Copied" for a moment.
    this.copyAddress = page.getByRole("button", { name: /^(Copy|Copied) Deposit address$/ });
    this.copyAmount = page.getByRole("button", { name: /^(Copy|Copied) Amount to send$/ });
    this.timeline = page.getByRole("list", { name: "Swap progress" });
    this.checkNow = page.getByRole("button", { name: "Check now" });
    this.autoRefreshNote = page.getByText("Checked again every 30 seconds.");
    this.sandbox = page.getByRole("region", { name: "Sandbox controls" });
    this.fullDeposit = this.sandbox.getByRole("button", { name: "Simulate full deposit" });
    this.halfDeposit = this.sandbox.getByRole("button", { name: "Simulate half deposit (underpaid)" });
    this.newSwap = page.getByRole("link", { name: "Start a new swap" });
    this.stepMarker = (label) =>
      page
        .getByTestId("step-indicator")
        .getByRole("listitem")
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator("[data-state]");
  }

  async goto(path: string) {
    await this.page.goto(path);
    await this.waitForLoad();
  }

  async waitForLoad() {
    await expect(this.page).toHaveURL(SWAP_URL);
    await expect(this.status).toBeVisible();
  }

  get id(): string {
    return new URL(this.page.url()).pathname.split("/").pop() ?? "";
  }

  get token(): string {
    return new URLSearchParams(new URL(this.page.url()).hash.slice(1)).get("t") ?? "";
  }

  /** The support box's "Swap id" value. */
  swapIdValue(): Locator {
    // The value, without the Copy button that shares its <dd>.
    return this.page
      .getByRole("term")
      .filter({ hasText: /^Swap id$/ })
      .locator("xpath=following-sibling::dd[1]/span[1]");
  }

  async expectStatus(status: SwapStatus, title?: string) {
    await expect(this.status).toHaveAttribute("data-status", status);
    if (title) await expect(this.statusHeading).toHaveText(title);
  }

  /** Plays the user's deposit with the sandbox panel. */
  async simulateDeposit(options: { outcome?: "Completes" | "Is refunded" | "Fails"; partial?: boolean } = {}) {
    if (options.outcome) await this.sandbox.getByRole("radio", { name: options.outcome }).check();
    await (options.partial ? this.halfDeposit : this.fullDeposit).click();
    await expect(this.sandbox).toContainText("The simulated deposit was made.");
  }

  /**
   * Plays a full deposit whose outcome (the sandbox panel's choice) ends the swap in `end`, then
   * checks with "Check now" until the page shows it, and the status heading `title` when given.
   */
  async depositUntil(end: "completed" | "refunded" | "failed", title?: string) {
    await this.simulateDeposit({ outcome: depositOutcomes[end] });
    await this.pollUntil(end, "button");
    if (title) await expect(this.statusHeading).toHaveText(title);
  }

  /**
   * Lets the page poll until it shows `status`: with `clock`, by moving the page's fake clock past
   * the 30-s poll (the clock must be installed before navigation); otherwise with "Check now".
   * The BFF answers a read from its 5-s cache, so this repeats until the status arrives.
   */
  async pollUntil(status: SwapStatus, via: "clock" | "button", timeout = 30_000) {
    await expect(async () => {
      if (via === "clock") await this.page.clock.fastForward("00:31");
      else if ((await this.checkNow.count()) > 0) await this.checkNow.click({ timeout: 1_000 });
      await expect(this.status).toHaveAttribute("data-status", status, { timeout: 800 });
    }).toPass({ timeout, intervals: [200, 400, 700] });
  }
}
