import { headers } from "next/headers";
import { earlyReadScript } from "@/lib/swap/early-read";

/**
 * The swap page's first status read, sent as the HTML arrives (lib/swap/early-read.ts). The CSP's
 * nonce (proxy.ts) lets this one inline script run.
 */
export async function EarlyReadScript({ id }: { id: string }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  // A module marked async runs as soon as it is parsed; a classic inline script would wait for the
  // stylesheet above it (on a slow network, a round trip or more).
  return <script type="module" async nonce={nonce} dangerouslySetInnerHTML={{ __html: earlyReadScript(id) }} />;
}
