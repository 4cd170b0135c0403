// "Your swaps on this device" by keyboard alone: every action that removes the control it was
// started from (Show all, Forget, Undo, the confirmation's buttons) hands focus on to where the task
// continues, and the "forgot" message is announced. The list is seeded as this device would have
// kept it; the tokens are not real, so each row's status call is refused without an upstream read.
import { expect, test } from "./fixtures";

const KEY = "swap-checkout:my-swaps";
const saved = Array.from({ length: 7 }, (_, i) => ({
  id: `KBDTEST${String(i).padStart(5, "0")}`,
  token: `not-a-real-token-${i}-${"x".repeat(12)}`,
  savedAt: Date.UTC(2026, 10, 20 - i),
}));

test("my swaps: Show all, Forget, Undo and Forget all keep keyboard focus where the task goes on", async ({
  page,
  checkout,
}) => {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem("seeded")) localStorage.setItem(key, value);
      sessionStorage.setItem("seeded", "1");
    },
    [KEY, JSON.stringify(saved)] as const,
  );
  await checkout.goto();
  const list = page.getByTestId("my-swaps");
  const row = (id: string) => list.locator(`[data-swap-id="${id}"]`);
  await expect(list.getByTestId("my-swap")).toHaveCount(5);

  // Show all: the first swap that was hidden takes focus.
  await list.getByRole("button", { name: "Show all 7" }).focus();
  await page.keyboard.press("Enter");
  await expect(list.getByTestId("my-swap")).toHaveCount(7);
  await expect(row(saved[5]!.id).getByRole("link")).toBeFocused();

  // Forget one: its row goes, the message is said in a status region that was there before it,
  // and Undo takes focus.
  const status = list.getByRole("status");
  await expect(status).toBeEmpty();
  await row(saved[1]!.id)
    .getByRole("button", { name: `Forget swap ${saved[1]!.id}` })
    .focus();
  await page.keyboard.press("Enter");
  await expect(list.getByTestId("my-swap")).toHaveCount(6);
  await expect(status).toContainText(`Forgot swap ${saved[1]!.id}.`);
  await expect(list.getByRole("button", { name: "Undo" })).toBeFocused();

  // Undo: the swap is back, and focus is on it.
  await page.keyboard.press("Enter");
  await expect(list.getByTestId("my-swap")).toHaveCount(7);
  await expect(row(saved[1]!.id).getByRole("link")).toBeFocused();
  await expect(status).toBeEmpty();

  // Forget all asks first, with focus on the harmless answer; Cancel goes back to Forget all.
  const forgetAll = list.getByRole("button", { name: "Forget all" });
  await forgetAll.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alertdialog")).toContainText("Forget all 7 swaps on this device?");
  await expect(list.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(forgetAll).toBeFocused();

  // Forget them: the list goes, and the checkout's heading has focus (not the top of the page).
  await page.keyboard.press("Enter");
  await list.getByRole("button", { name: "Forget them" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("my-swaps")).toHaveCount(0);
  await expect(checkout.heading).toBeFocused();
  expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
});
