"use client";
import { useEffect, useState } from "react";
import { addressAnswer } from "@/lib/schema/answers";
import type { AddressValidation } from "@/lib/schema/partner";
import { BffError, bff } from "@/lib/client/bff";
import { useDebounced } from "./use-debounced";
import { orderToken } from "./use-quote";
import { widgetContextHeaders } from "./widget-context";

export type AddressCheckState =
  | { state: "empty" }
  | { state: "checking" }
  | { state: "done"; result: AddressValidation }
  | { state: "error"; error: BffError };

/** Validates an address through the BFF while the user types (debounced, stale answers dropped). */
export function useAddressCheck(
  target: { network: string; token: string } | undefined,
  address: string,
  memo?: string,
): AddressCheckState {
  const input = useDebounced({ network: target?.network, token: target?.token, address, memo }, 450);
  const [check, setCheck] = useState<AddressCheckState>({ state: "empty" });
  // A check that could not be made (the service busy or away) is asked again by itself.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (check.state !== "error" || !isCheckUnavailable(check)) return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), Math.max(3, check.error.retryAfterSeconds ?? 5) * 1000);
    return () => clearTimeout(timer);
  }, [check]);

  useEffect(() => {
    if (!input.network || !input.token || input.address === "") {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- a fetch effect clears what it shows when its input goes away
      setCheck({ state: "empty" });
      return;
    }
    const controller = new AbortController();
    setCheck({ state: "checking" });
    bff("/api/v1/address", addressAnswer, {
      method: "POST",
      body: {
        network: input.network,
        token: input.token,
        address: input.address,
        ...(input.memo ? { memo: input.memo } : {}),
        // The check is a step of this checkout's order (the partner's funnel).
        ...(orderToken() ? { orderToken: orderToken() } : {}),
      },
      headers: widgetContextHeaders(),
      signal: controller.signal,
    })
      .then((result) => setCheck({ state: "done", result }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setCheck({
          state: "error",
          error: error instanceof BffError ? error : new BffError("internal_error", String(error), 0),
        });
      });
    return () => controller.abort();
  }, [input.network, input.token, input.address, input.memo, attempt]);

  // A field just emptied says nothing, at once: the last answer was about text no longer there.
  if (address === "") return { state: "empty" };
  // While the user is still typing, the last answer is not about this text any more.
  if (address !== input.address) return { state: "checking" };
  return check;
}

/**
 * Whether a check failed on its memo rather than its address: the network takes no memo, or the
 * memo's form is wrong (the upstream's and our own validation_error name the field).
 */
export function isMemoRejection(check: AddressCheckState): boolean {
  if (check.state !== "error") return false;
  const { code, details } = check.error;
  const fields = details.fields;
  return (
    code === "unsupported_memo" ||
    (code === "validation_error" && typeof fields === "object" && fields !== null && "memo" in fields)
  );
}

/** Codes that refuse what was typed; any other failure means the check could not be made. */
const refusals = new Set(["validation_error", "unsupported_memo", "unsupported_asset", "unsupported_pair"]);

/**
 * Whether a check failed to be made at all (the key's budget busy, the service away, offline): it
 * says nothing against the address, so the field is not marked wrong, and it is asked again.
 */
export function isCheckUnavailable(check: AddressCheckState): boolean {
  return check.state === "error" && !refusals.has(check.error.code);
}
