// How long a swap's access token opens it: while the swap is open, and for 30 days after it
// ended (its updatedAt once terminal); then GET /api/v1/swap/{id} is 404 swap_not_found, the same
// answer as a wrong token. Tokens keep their format: one minted before this rule still opens.
import { afterEach, describe, expect, it } from "vitest";
import { readSwap } from "@/lib/bff/status/read";
import { swapAccessToken, swapTokenOpens } from "@/lib/bff/tokens";
import { simulateDeposit } from "@/lib/bff/sandbox-controls";
import { swapStatuses, terminalStatuses } from "@/lib/schema/partner";
import { newSwap } from "./new-swap";
import { setUpBff, tearDownBff } from "./bff-harness";

const DAY = 24 * 60 * 60_000;

/** What a holder of `token` gets: the swap's status, or the error's code and HTTP status. */
const read = (id: string, token: string) =>
  readSwap(id, token, "req-lifetime").then(
    (snapshot): string => snapshot.swap.status,
    (error: { code: string; status: number; message: string }) => `${error.status} ${error.code}: ${error.message}`,
  );

afterEach(tearDownBff);

// The first test also loads the BFF and opens the in-process ledger: on a busy machine, past 15 s.
describe("the swap token's lifetime", { timeout: 60_000 }, () => {
  it("opens a completed swap for 30 days after it completed, then answers exactly as a wrong token does", async () => {
    const bff = setUpBff({ SANDBOX_STEP_SECONDS: "10" });
    const swap = await newSwap();
    const token = swapAccessToken(swap.id);
    await simulateDeposit(swap.id, token, { outcome: "completed" }, "req-deposit");
    for (let step = 0; step < 3; step++) bff.advance(10_000);
    const completed = await readSwap(swap.id, token, "req-done");
    expect(completed.swap.status).toBe("completed");
    const endedAt = Date.parse(completed.swap.updatedAt);

    const wrongToken = await read(swap.id, swapAccessToken("ZZZZZZZZZZZZ"));
    expect(wrongToken).toMatch(/^404 swap_not_found/);
    // A day short of 30, and the last minute of the 30th day: still open (its snapshot long gone, read live).
    bff.advance(endedAt + 29 * DAY - Date.now());
    expect(await read(swap.id, token)).toBe("completed");
    bff.advance(DAY - 60_000);
    expect(await read(swap.id, token)).toBe("completed");
    // Past 30 days: the same answer as a wrong token, whatever the snapshot or the upstream holds.
    bff.advance(2 * 60_000);
    expect(await read(swap.id, token)).toBe(wrongToken);
    bff.advance(365 * DAY);
    expect(await read(swap.id, token)).toBe(wrongToken);
  });

  it("keeps a swap open to its token for as long as it is not terminal, and counts 30 days from the end of one never paid", async () => {
    const bff = setUpBff({ SANDBOX_DEPOSIT_WINDOW_SECONDS: "3600" });
    const swap = await newSwap();
    const token = swapAccessToken(swap.id);
    bff.advance(50 * 60_000);
    expect(await read(swap.id, token)).toBe("waiting_deposit");
    // The deposit window closes after an hour: expired, ended then.
    bff.advance(20 * 60_000);
    const expired = await readSwap(swap.id, token, "req-expired");
    expect(expired.swap.status).toBe("expired");
    bff.advance(Date.parse(expired.swap.updatedAt) + 30 * DAY - Date.now());
    expect(await read(swap.id, token)).toBe("expired");
    bff.advance(60_000);
    expect(await read(swap.id, token)).toMatch(/^404 swap_not_found/);
  });

  it("decides by status and updatedAt alone: open while not terminal however old, 30 days once terminal", () => {
    const now = Date.parse("2027-01-01T00:00:00.000Z");
    const at = (msAgo: number) => new Date(now - msAgo).toISOString();
    for (const status of swapStatuses.filter((s) => !terminalStatuses.includes(s))) {
      expect(swapTokenOpens({ status, updatedAt: at(400 * DAY) }, now), status).toBe(true);
    }
    for (const status of terminalStatuses) {
      expect(swapTokenOpens({ status, updatedAt: at(30 * DAY) }, now), status).toBe(true);
      expect(swapTokenOpens({ status, updatedAt: at(30 * DAY + 1) }, now), status).toBe(false);
    }
  });
});
