import { base58 } from "@scure/base";
import { decodeBase58Check, encodeBase58Check } from "./base58check";
import { deriveBytes } from "./bytes";
import { notValid, accepted, rejected, type AddressCheck, type AddressFamily } from "./result";
import { decodeSegwit, encodeSegwitV0 } from "./segwit";

type UtxoNetwork = {
  label: string;
  /** Base58Check version bytes of mainnet P2PKH / P2SH addresses. */
  versions: readonly number[];
  testnetVersions: readonly number[];
  /** Bech32 human-readable part for native segwit; absent when the chain has no segwit. */
  hrp?: string;
  testnetHrps: readonly string[];
};

const HASH160_LENGTH = 20;

function checkBase58(network: UtxoNetwork, address: string): AddressCheck {
  const decoded = decodeBase58Check(base58, address);
  if (!decoded.ok) return notValid(network.label, decoded.reason);
  const [version] = decoded.payload;
  if (decoded.payload.length !== 1 + HASH160_LENGTH || version === undefined) {
    return notValid(network.label, "it has the wrong length");
  }
  if (network.testnetVersions.includes(version)) return testnet(network);
  if (!network.versions.includes(version)) {
    return notValid(network.label, "it belongs to a different network");
  }
  return accepted(address);
}

function testnet(network: UtxoNetwork): AddressCheck {
  return rejected(`This is a ${network.label} testnet address; a mainnet address is required.`);
}

function checkUtxo(network: UtxoNetwork, address: string): AddressCheck {
  const lower = address.toLowerCase();
  if (network.testnetHrps.some((hrp) => lower.startsWith(`${hrp}1`))) return testnet(network);

  const { hrp } = network;
  if (hrp === undefined || !lower.startsWith(`${hrp}1`)) return checkBase58(network, address);

  const segwit = decodeSegwit(address, hrp);
  if (segwit.ok) return accepted(segwit.normalized);
  // A Base58 address can begin with the same letters as the segwit prefix.
  const legacy = checkBase58(network, address);
  return legacy.valid ? legacy : notValid(network.label, segwit.reason);
}

function utxoFamily(network: UtxoNetwork, generate: (hash: Uint8Array) => string): AddressFamily {
  return {
    label: network.label,
    check: (address) => checkUtxo(network, address),
    generate: (seed) => generate(deriveBytes(seed, HASH160_LENGTH)),
  };
}

export const bitcoin = utxoFamily(
  { label: "Bitcoin", versions: [0x00, 0x05], testnetVersions: [0x6f, 0xc4], hrp: "bc", testnetHrps: ["tb", "bcrt"] },
  (hash) => encodeSegwitV0("bc", hash),
);

export const litecoin = utxoFamily(
  {
    label: "Litecoin",
    versions: [0x30, 0x32, 0x05],
    testnetVersions: [0x6f, 0xc4, 0x3a],
    hrp: "ltc",
    testnetHrps: ["tltc", "rltc"],
  },
  (hash) => encodeSegwitV0("ltc", hash),
);

export const dogecoin = utxoFamily(
  { label: "Dogecoin", versions: [0x1e, 0x16], testnetVersions: [0x71, 0xc4], testnetHrps: [] },
  (hash) => encodeBase58Check(base58, Uint8Array.of(0x1e, ...hash)),
);
