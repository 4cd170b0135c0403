// Shared checks of the address tests: a one-character substitution, and checkAddress's answer for a valid or
// refused address.
import { expect } from "vitest";
import { checkAddress } from "@/lib/sandbox/address";

export const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
export const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Replaces the character two thirds into the address with the next one in its alphabet. */
export function substituteOneCharacter(address: string, alphabet: string): string {
  const index = Math.floor((address.length * 2) / 3);
  const position = alphabet.indexOf(address.charAt(index));
  if (position < 0) throw new Error(`"${address.charAt(index)}" is not in the alphabet`);
  const replacement = alphabet.charAt((position + 1) % alphabet.length);
  return address.slice(0, index) + replacement + address.slice(index + 1);
}

export function expectValid(network: string, address: string, normalized = address): void {
  expect(checkAddress(network, address)).toEqual({ valid: true, normalizedAddress: normalized, message: null });
}

/** Valid as given, and refused by its checksum once one character is substituted. */
export function expectValidWithChecksum(network: string, address: string, alphabet: string): void {
  expectValid(network, address);
  expectInvalid(network, substituteOneCharacter(address, alphabet), /checksum does not match/);
}

export function expectInvalid(network: string, address: string, message?: string | RegExp): void {
  const result = checkAddress(network, address);
  expect(result.valid).toBe(false);
  expect(result.normalizedAddress).toBeNull();
  expect(result.message).toEqual(expect.any(String));
  if (message !== undefined) expect(result.message).toMatch(message);
}
