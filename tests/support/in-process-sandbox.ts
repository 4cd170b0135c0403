// The sandbox in this process, called the way the BFF calls it over HTTP: for unit tests that need
// a real upstream answer (a swap, the asset list) without starting a server.
import { createSandbox } from "@/lib/sandbox/handler";
import type { AssetList, Swap } from "@/lib/schema/partner";

export const SANDBOX_TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

export function inProcessSandbox() {
  const sandbox = createSandbox();
  /** A GET, or a POST of `body`; the parsed JSON answer. */
  const call = async (path: string, body?: unknown): Promise<unknown> =>
    (
      await sandbox.handle(
        new Request(`http://sandbox.internal${path}`, {
          method: body === undefined ? "GET" : "POST",
          headers: { "x-api-key": "lsk_test_sandbox", "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      )
    ).json();
  return {
    call,
    /** A new swap of 0.01 BTC to USDT on Tron, paying out to `address`. */
    async newSwap(address = SANDBOX_TRON_ADDRESS): Promise<Swap> {
      const quote = (await call("/v1/quote", {
        from: { network: "bitcoin", token: "BTC", amount: "0.01" },
        to: { network: "tron", token: "USDT" },
      })) as {
        id: string;
      };
      return (await call("/v1/swap", { quoteId: quote.id, destination: { address } })) as Swap;
    },
    assets: async () => (await call("/v1/asset")) as AssetList,
  };
}
