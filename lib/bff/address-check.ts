// Address checks: cached for a few minutes in the shared store, counted against the asking client,
// and a well-formed address that loses what is sent to it refused as a payout.
import "server-only";
import { createHash } from "node:crypto";
import type { AddressBody } from "@/lib/schema/bff";
import type { AddressValidation } from "@/lib/schema/partner";
import { unspendablePayout } from "@/lib/swap/unspendable";
import { assetsAtHand } from "./assets";
import { noteAddressChecked, notingLimits } from "./funnel";
import { limitClient } from "./http/rate-limit";
import { partner } from "./upstream/partner";
import { store } from "./upstream/shared-store";
import { externalIdFromOrderToken } from "./tokens";

/** An address check's answer does not change within minutes; every instance shares it. */
const ADDRESS_CHECK_TTL_MS = 5 * 60_000;

const addressCheckKey = (body: { network: string; token: string; address: string; memo?: string | null }) =>
  `address-check:${createHash("sha256")
    .update(JSON.stringify([body.network, body.token.toUpperCase(), body.address, body.memo ?? null]))
    .digest("base64url")}`;

/** A check answered within the last few minutes, without asking anyone. */
export async function cachedAddressCheck(body: AddressBody): Promise<AddressValidation | null> {
  const raw = await store().get(addressCheckKey(body));
  return raw ? (JSON.parse(raw) as AddressValidation) : null;
}

/**
 * Checks an address. A repeat within a few minutes is answered from the shared cache and counts
 * as a read; a new one costs an upstream call and counts with the client's quotes.
 */
export async function checkAddress(
  body: AddressBody,
  ctx: { requestId: string; clientId: string },
): Promise<AddressValidation> {
  // The order this check is for, only when its token is one we signed: a forged one ties it to none.
  const order = externalIdFromOrderToken(body.orderToken);
  const { orderToken: _orderToken, ...check } = body;
  const result = await notingLimits(order, () => answerCheck(check, ctx));
  noteAddressChecked(order, body, result.valid);
  return result;
}

async function answerCheck(
  body: AddressBody,
  ctx: { requestId: string; clientId: string },
): Promise<AddressValidation> {
  const cached = await cachedAddressCheck(body);
  let result: AddressValidation;
  if (cached) {
    await limitClient("reads", ctx.clientId);
    result = cached;
  } else {
    await limitClient("quotes", ctx.clientId);
    result = await validateAndCache(body, { requestId: ctx.requestId, onBehalfOf: ctx.clientId });
  }
  return result.valid ? refuseUnspendable(result, body.address, ctx.requestId) : result;
}

/** A well-formed address that loses what is sent to it (a token's contract, a burn address) is no payout address. */
async function refuseUnspendable(
  result: AddressValidation,
  address: string,
  requestId: string,
): Promise<AddressValidation> {
  const assets = (await assetsAtHand(requestId))?.assets ?? [];
  const unspendable = unspendablePayout(address, assets);
  if (!unspendable) return result;
  return {
    ...result,
    valid: false,
    message:
      unspendable === "token_contract"
        ? "This is a token's own contract address, not a wallet: anything sent to it is lost."
        : "This is a burn address: anything sent to it is lost.",
  };
}

/** One upstream address check, kept in the shared cache for the next few minutes. */
export async function validateAndCache(
  body: AddressBody,
  ctx: { requestId: string; onBehalfOf?: string; priority?: "create" },
): Promise<AddressValidation> {
  const result = await partner().validateAddress({ ...body, memo: body.memo ?? null }, ctx);
  await store().set(addressCheckKey(body), JSON.stringify(result), ADDRESS_CHECK_TTL_MS);
  return result;
}
