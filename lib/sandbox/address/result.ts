export type AddressCheck = {
  valid: boolean;
  normalizedAddress: string | null;
  message: string | null;
};

export function accepted(normalizedAddress: string): AddressCheck {
  return { valid: true, normalizedAddress, message: null };
}

export function rejected(message: string): AddressCheck {
  return { valid: false, normalizedAddress: null, message };
}

export function notValid(label: string, reason: string): AddressCheck {
  return rejected(`This is not a valid ${label} address: ${reason}.`);
}

/** What every network family provides to the registry in index.ts. */
export type AddressFamily = {
  label: string;
  check(address: string): AddressCheck;
  generate(seed: Uint8Array): string;
};
