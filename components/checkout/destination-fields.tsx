"use client";
// Where the swap pays out: the address (checked while typing), a memo where the network carries one,
// the refund address and the e-mail, in plain sight.
import { useState } from "react";
import { useTranslations } from "next-intl";
import type { Asset } from "@/lib/schema/partner";
import { memoKindOf, networkLabel } from "@/lib/swap/asset-ref";
import { foreignAddressFamily } from "@/lib/swap/address-family";
import { isCheckUnavailable, isMemoRejection, type AddressCheckState } from "@/lib/client/use-address-check";
import type { Unspendable } from "@/lib/swap/unspendable";
import { useErrorText } from "../error-notice";
import { Field, type FieldProps } from "../ui/field";
import { Spinner } from "../ui/spinner";

export type DestinationState = { address: string; memo: string; refundAddress: string; email: string };

type Props = {
  from: Asset;
  to: Asset;
  value: DestinationState;
  onChange: (next: DestinationState) => void;
  addressCheck: AddressCheckState;
  refundCheck: AddressCheckState;
  memoMissing: boolean;
  emailOk: boolean;
  /** The embedding site fixed the address (and memo). */
  destinationLocked?: boolean;
  /** An address of the right form that loses what it is sent (lib/swap/unspendable.ts). */
  unspendable?: { address: Unspendable | null; refund: Unspendable | null };
};

function CheckLine({
  id,
  check,
  network,
  address,
  unspendable,
}: {
  id: string;
  check: AddressCheckState;
  network: string;
  address: string;
  unspendable: Unspendable | null;
}) {
  const t = useTranslations("destination");
  const errorText = useErrorText();
  // Refused, and shaped like another network's address: say which, the mistake that loses funds.
  const foreign = foreignAddressFamily(address, network);
  const refused = foreign
    ? t("wrongNetwork", { family: foreign, network: networkLabel(network) })
    : t("invalid", { network: networkLabel(network) });
  return (
    <p id={id} className="mt-1 min-h-5 text-sm" aria-live="polite">
      {unspendable && check.state !== "checking" ? (
        <span className="text-rose-700 dark:text-rose-400">
          {unspendable === "token_contract" ? t("tokenContract") : t("burnAddress")}
        </span>
      ) : foreign && check.state !== "checking" && !(check.state === "done" && check.result.valid) ? (
        // Another network's address, whatever else the check said (a bad memo must not hide it).
        <span className="text-rose-700 dark:text-rose-400">{refused}</span>
      ) : check.state === "error" && isCheckUnavailable(check) ? (
        // The check could not be made: nothing against the address, and it is asked again shortly.
        <span className="text-amber-800 dark:text-amber-300">
          {t("checkUnavailable", { reason: errorText(check.error) })}
        </span>
      ) : check.state === "checking" ? (
        <span className="inline-flex items-center gap-1.5 text-slate-600 dark:text-slate-400">
          <Spinner size="sm" /> {t("checking")}
        </span>
      ) : check.state === "done" && check.result.valid ? (
        <span className="text-emerald-700 dark:text-emerald-400">
          ✓ {t("valid", { network: networkLabel(network) })}
        </span>
      ) : check.state === "done" ? (
        <span className="text-rose-700 dark:text-rose-400">{refused}</span>
      ) : check.state === "error" && !isMemoRejection(check) ? (
        <span className="text-rose-700 dark:text-rose-400">
          {check.error.code === "validation_error" ? refused : errorText(check.error)}
        </span>
      ) : null}
    </p>
  );
}

/**
 * A payout field: large, monospace (the e-mail: `font="sans"`), named as its id. None of these fields is prose, so no
 * autocomplete and no spellcheck unless a field says otherwise.
 */
function TextField({ font = "mono", ...field }: Omit<FieldProps, "size">) {
  return <Field size="lg" name={field.id} autoComplete="off" spellCheck={false} {...field} font={font} />;
}

export function DestinationFields({
  from,
  to,
  value,
  onChange,
  addressCheck,
  refundCheck,
  memoMissing,
  emailOk,
  destinationLocked = false,
  unspendable = { address: null, refund: null },
}: Props) {
  const t = useTranslations("destination");
  // Each input shows one field of the state and writes it back trimmed.
  const bind = (field: keyof DestinationState) => ({
    value: value[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [field]: e.target.value.trim() }),
  });
  const invalid = (check: AddressCheckState, lost: Unspendable | null, address: string, network: string) =>
    !!lost ||
    (check.state === "done" && !check.result.valid) ||
    (check.state === "error" && !isMemoRejection(check) && !isCheckUnavailable(check)) ||
    (check.state !== "checking" &&
      !(check.state === "done" && check.result.valid) &&
      foreignAddressFamily(address, network) !== null);
  // A memo the check refused is said under the memo, not the address (which may be fine).
  const memoRejected = isMemoRejection(addressCheck);
  const memoKind = memoKindOf(to.network);
  // A required memo left empty is marked wrong once the person has been to the field and left it,
  // not the moment an address is pasted above it: until then the main button says what is missing.
  const [memoVisited, setMemoVisited] = useState(false);

  return (
    <div className="mt-2 flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      <TextField
        id="address"
        label={t("addressLabel", { symbol: to.symbol, network: networkLabel(to.network) })}
        {...bind("address")}
        autoCapitalize="off"
        autoCorrect="off"
        placeholder={t("addressPlaceholder", { network: networkLabel(to.network) })}
        readOnly={destinationLocked}
        aria-invalid={invalid(addressCheck, unspendable.address, value.address, to.network)}
        aria-describedby={destinationLocked ? "address-check address-locked" : "address-check"}
      >
        <CheckLine
          id="address-check"
          check={addressCheck}
          network={to.network}
          address={value.address}
          unspendable={unspendable.address}
        />
        {destinationLocked ? (
          <p id="address-locked" className="text-sm text-slate-600 dark:text-slate-400">
            {t("locked")}
          </p>
        ) : null}
      </TextField>

      {to.supportsMemo ? (
        <TextField
          id="memo"
          label={to.requiresMemo ? t("memoRequired", { kind: memoKind }) : t("memoOptional", { kind: memoKind })}
          {...bind("memo")}
          required={to.requiresMemo}
          readOnly={destinationLocked}
          onBlur={() => setMemoVisited(true)}
          aria-invalid={(memoMissing && memoVisited && value.address !== "") || memoRejected}
          aria-describedby="memo-check memo-warning"
        >
          {/* The live region stays rendered while empty (a region that appears with its message is
              not announced); only the message inside it comes and goes. */}
          <div id="memo-check" aria-live="polite">
            {memoRejected ? (
              <p className="mt-1 text-sm text-rose-700 dark:text-rose-400">{t("memoInvalid", { kind: memoKind })}</p>
            ) : memoMissing && memoVisited && value.address !== "" ? (
              // Marked wrong, it also says why in words: a red border alone says nothing to a screen reader.
              <p className="mt-1 text-sm text-rose-700 dark:text-rose-400">
                {t("memoMissing", { kind: memoKind, network: networkLabel(to.network) })}
              </p>
            ) : null}
          </div>
          <p
            id="memo-warning"
            className="mt-1.5 rounded-lg bg-amber-50 p-2.5 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-900"
          >
            {t("memoWarning", { network: networkLabel(to.network) })}
          </p>
        </TextField>
      ) : null}

      {/* The refund address in plain sight: skipped, a refund goes to the service's own address, and
          getting it back takes a support request. The e-mail sits beside it. */}
      <TextField
        id="refund"
        label={t("refundLabel", { symbol: from.symbol, network: networkLabel(from.network) })}
        {...bind("refundAddress")}
        aria-invalid={invalid(refundCheck, unspendable.refund, value.refundAddress, from.network)}
        aria-describedby="refund-check refund-hint"
      >
        <p id="refund-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {t("refundHint")}
        </p>
        <CheckLine
          id="refund-check"
          check={refundCheck}
          network={from.network}
          address={value.refundAddress}
          unspendable={unspendable.refund}
        />
      </TextField>
      <TextField
        id="email"
        label={t("emailLabel")}
        type="email"
        inputMode="email"
        autoComplete="email"
        {...bind("email")}
        aria-invalid={!emailOk}
        aria-describedby="email-hint"
        font="sans"
      >
        <p id="email-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {emailOk ? t("emailHint") : <span className="text-rose-700 dark:text-rose-400">{t("emailInvalid")}</span>}
        </p>
      </TextField>
    </div>
  );
}
