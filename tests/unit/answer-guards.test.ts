// The browser checks the BFF's answers with JSON Schema generated from the zod schemas: the
// generated module must be current, and the checks must agree with zod on real and broken answers.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { answerSchemasModule } from "@/lib/schema/answer-schemas";
import {
  assetListAnswer,
  bffErrorAnswer,
  dashboardSwapListAnswer,
  swapAnswer,
  swapCreatedAnswer,
} from "@/lib/schema/answers";
import { swapCreatedSchema } from "@/lib/schema/bff";
import { dashboardSwapListSchema } from "@/lib/schema/dashboard";
import { swapSchema } from "@/lib/schema/partner";
import { inProcessSandbox } from "../support/in-process-sandbox";
import { repoRoot } from "../support/servers";

async function sandboxSwap() {
  const sandbox = inProcessSandbox();
  return { swap: await sandbox.newSwap(), assets: await sandbox.assets() };
}

describe("answer checks", () => {
  it("are generated from the current zod schemas (run `npm run gen:answers` after changing them)", () => {
    expect(readFileSync(join(repoRoot, "lib/schema/answer-schemas.generated.ts"), "utf8")).toBe(answerSchemasModule());
  });

  it("accept what zod accepts and refuse what zod refuses", async () => {
    const { swap, assets } = await sandboxSwap();
    expect(swapSchema.safeParse(swap).success).toBe(true);
    expect(swapAnswer.safeParse(swap).success).toBe(true);
    expect(assetListAnswer.safeParse(assets).success).toBe(true);
    const created = { swap, accessToken: "t" };
    expect(swapCreatedAnswer.safeParse(created).success).toBe(swapCreatedSchema.safeParse(created).success);

    const broken = [
      { ...(swap as object), status: "teleported" },
      { ...(swap as object), id: "lowercase-id" },
      { ...(swap as object), deposit: null },
      { ...(swap as object), quote: { id: null, rate: null, estimatedTimeSeconds: 1.5 } },
      { ...(swap as object), customerId: 7 },
      (({ createdAt: _c, ...rest }) => rest)(swap as Record<string, unknown>),
      null,
      [],
      "swap",
    ];
    for (const value of broken) {
      expect(swapSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(swapAnswer.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it("enforce the parts written once and referenced: a swap inside another answer, its sides, a list item", async () => {
    const { swap } = await sandboxSwap();
    const good = swap as Record<string, unknown> & { from: Record<string, unknown> };
    const item = { ...good, commission: { bps: 50, rewardAmountUsdc: null, rewardStatus: null } };
    const list = (swaps: unknown[]) => ({
      swaps,
      total: swaps.length,
      limit: 50,
      offset: 0,
      totals: { count: swaps.length, rewardUsdc: { available: "0", claiming: "0", claimed: "0" } },
    });
    const cases: [
      { safeParse(value: unknown): { success: boolean } },
      { safeParse(value: unknown): { success: boolean } },
      unknown,
      boolean,
    ][] = [
      [swapCreatedSchema, swapCreatedAnswer, { swap: good, accessToken: "t" }, true],
      [swapCreatedSchema, swapCreatedAnswer, { swap: { ...good, status: "teleported" }, accessToken: "t" }, false],
      [swapSchema, swapAnswer, { ...good, from: { ...good.from, decimals: -1 } }, false],
      [swapSchema, swapAnswer, { ...good, to: { ...(good.to as object), estimatedAmount: 5 } }, false],
      [dashboardSwapListSchema, dashboardSwapListAnswer, list([item]), true],
      [dashboardSwapListSchema, dashboardSwapListAnswer, list([good]), false],
      [dashboardSwapListSchema, dashboardSwapListAnswer, list([{ ...item, id: "lowercase-id" }]), false],
      [
        dashboardSwapListSchema,
        dashboardSwapListAnswer,
        list([{ ...item, from: { ...good.from, network: 1 } }]),
        false,
      ],
    ];
    for (const [zod, answer, value, accepted] of cases) {
      expect(zod.safeParse(value).success, JSON.stringify(value)).toBe(accepted);
      expect(answer.safeParse(value).success, JSON.stringify(value)).toBe(accepted);
    }
  });

  it("read the BFF's error shape", () => {
    expect(
      bffErrorAnswer.safeParse({ error: { code: "rate_limited", message: "m", details: {} }, requestId: "r" }).success,
    ).toBe(true);
    expect(bffErrorAnswer.safeParse({ error: { code: "rate_limited", message: "m" }, requestId: "r" }).success).toBe(
      false,
    );
  });
});
