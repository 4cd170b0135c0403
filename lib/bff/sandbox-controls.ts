// The embedded sandbox's controls, opened to the browser so anyone can walk a whole swap without
// money. Every one of them is 404 unless the app runs on the embedded sandbox.
import "server-only";
import type { DepositBody } from "@/lib/schema/bff";
import { errorBodySchema, swapSchema, type Swap } from "@/lib/schema/partner";
import { ApiError, fromPartnerError } from "./http/errors";
import { PartnerError } from "@/lib/partner/errors";
import { embeddedSandbox } from "./upstream/partner";
import { writeSnapshot } from "./status/snapshots";
import { upstreamRequestId } from "./http/request-id";
import { ledgerRebackfill } from "@/lib/bff/ledger";
import { isSwapAccessToken } from "./tokens";

async function control(path: string, body: unknown, requestId: string): Promise<unknown> {
  const sandbox = embeddedSandbox();
  if (!sandbox) throw new ApiError("not_found");
  const response = await sandbox.handle(
    new Request(`http://sandbox.internal${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-api-key": sandbox.options.apiKey,
        "x-request-id": upstreamRequestId(requestId),
      },
      body: JSON.stringify(body),
    }),
  );
  const json: unknown = await response.json();
  if (!response.ok) {
    const parsed = errorBodySchema.parse(json);
    const error = new PartnerError({
      code: parsed.error.code as PartnerError["code"],
      status: response.status,
      message: parsed.error.message,
      details: parsed.error.details,
    });
    throw fromPartnerError(error, requestId);
  }
  return json;
}

export async function simulateDeposit(
  id: string,
  token: string | null,
  body: DepositBody,
  requestId: string,
): Promise<Swap> {
  if (!embeddedSandbox()) throw new ApiError("not_found");
  if (!isSwapAccessToken(id, token)) throw new ApiError("swap_not_found");
  const swap = swapSchema.parse(await control(`/sandbox/swaps/${id}/deposit`, body, requestId));
  // The deposit changed the swap: its new state is the freshest we know.
  await writeSnapshot({ swap, asOf: Date.now(), source: "live" });
  return swap;
}

export async function seedSandbox(body: Record<string, unknown>, requestId: string): Promise<unknown> {
  const seeded = await control("/sandbox/seed", body, requestId);
  // Seeded swaps are backdated, so only a new backfill finds them all.
  await ledgerRebackfill();
  return seeded;
}
