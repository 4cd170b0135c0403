// A status page polls a swap that has completed: the rewards catch-up is kicked by the read that
// saw it complete, not by every read after. (Its loop lists the upstream while a reward is pending,
// so kicks are upstream calls on the key's budget.) The ledger is the embedded one; the loops'
// timers are fake, so nothing runs but the reads.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { ledger, ledgerSwapRead } from "@/lib/bff/ledger";
import { partner } from "@/lib/bff/upstream/partner";
import { processSingleton } from "@/lib/process-singleton";
import type { Swap } from "@/lib/schema/partner";
import { setUpBff, tearDownBff } from "./bff-harness";
import { TRON } from "./new-swap";

type LedgerRuntime = { connection: Promise<unknown> | null; kicks: Map<string, () => void> };
/** lib/bff/ledger.ts's per-process state, made when the module loaded. */
const runtime = () =>
  processSingleton<LedgerRuntime>("ledger", () => {
    throw new Error("lib/bff/ledger.ts makes its runtime when it loads");
  });

let dir = "";
let kicks = 0;

// One ledger for the file (each test reads swaps of its own); the kick counted per test.
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "ledger-read-kick-"));
  setUpBff({ LEDGER_DIR: dir });
  expect(await ledger()).not.toBeNull();
  runtime().kicks.set("reward-catch-up", () => kicks++);
  // Opening the embedded ledger (its WebAssembly, the migrations) takes 5 s here when the machine is
  // quiet, and over 10 s with the image building beside the unit tests.
}, 60_000);

beforeEach(() => {
  kicks = 0;
});

afterAll(async () => {
  await (await ledger())?.close();
  runtime().connection = null;
  tearDownBff();
  rmSync(dir, { recursive: true, force: true });
});

/** A swap made on the embedded sandbox (not through the BFF, which would record it), read as `status`. */
async function swapAs(status: Swap["status"]): Promise<Swap> {
  const quote = await partner().createQuote({
    from: { network: "bitcoin", token: "BTC", amount: "0.01" },
    to: { network: "tron", token: "USDT" },
  });
  const swap = await partner().createSwap({ quoteId: quote.id, destination: { address: TRON } });
  return { ...swap, status };
}

it("kicks the rewards catch-up once for a swap read as completed again and again", { timeout: 30_000 }, async () => {
  const swap = await swapAs("completed");
  for (let poll = 0; poll < 5; poll++) await ledgerSwapRead(swap);
  expect(kicks).toBe(1);

  // Another swap that completes is another kick.
  await ledgerSwapRead(await swapAs("completed"));
  expect(kicks).toBe(2);
});

it(
  "kicks when a swap the ledger holds as open is read completed, and not for reads before",
  { timeout: 30_000 },
  async () => {
    const open = await swapAs("processing");
    await ledgerSwapRead(open);
    await ledgerSwapRead(open);
    expect(kicks).toBe(0);
    await ledgerSwapRead({ ...open, status: "completed" });
    await ledgerSwapRead({ ...open, status: "completed" });
    expect(kicks).toBe(1);
  },
);
