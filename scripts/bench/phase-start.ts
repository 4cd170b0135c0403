// The start of a polling phase (scripts/bench/phase.ts): a fresh standalone sandbox seeded with the
// phase's swaps, the contender in front of it (the BFF or the naive pass-through), and for the BFF a
// warm start unless the bench asks for a cold one.
import { createHmac } from "node:crypto";
import { deriveKey } from "@/lib/config/derive";
import { sleep } from "@/lib/timing";
import { startBff, type BenchApp } from "./app";
import { createClient } from "./http";
import { startNaive } from "./naive";
import { API_KEY, APP_SECRET, type BenchOptions } from "./options";
import { startUpstream } from "./upstream";
import type { Contender } from "./polling";

export async function startContender(n: number, contender: Contender, o: BenchOptions, log: (line: string) => void) {
  const S = o.BENCH_TIME_SCALE;
  const tokenKey = deriveKey(APP_SECRET, "swap-token");
  const tokenOf = (id: string) => createHmac("sha256", tokenKey).update(`swap:${id}`).digest("base64url");

  const upstream = await startUpstream({
    SANDBOX_API_KEY: API_KEY,
    SANDBOX_RATE_LIMIT_PER_MINUTE: String(o.BENCH_RATE_LIMIT),
    SANDBOX_TIME_SCALE: String(S),
    SANDBOX_STEP_SECONDS: String(o.BENCH_STEP_SECONDS),
  });
  const seededAt = upstream.sandbox.clock.now();
  const { ids } = await upstream.control<{ ids: string[] }>("/sandbox/seed", {
    count: n,
    live: true,
    createdFrom: new Date(seededAt - 60 * 60_000).toISOString(),
    createdTo: new Date(seededAt - 60_000).toISOString(),
  });

  let app: BenchApp | null = null;
  let naive: Awaited<ReturnType<typeof startNaive>> | null = null;
  if (contender === "bff") {
    app = await startBff({
      PARTNER_API_BASE_URL: upstream.baseUrl,
      PARTNER_API_KEY: API_KEY,
      APP_SECRET,
      // The BFF's window is a real minute; the sandbox's is a sandbox minute.
      PARTNER_RATE_LIMIT_PER_MINUTE: String(Math.floor(o.BENCH_RATE_LIMIT * S)),
      TRUST_PROXY_HOPS: "1",
      CLIENT_QUOTES_PER_MINUTE: "1000000",
      CLIENT_SWAPS_PER_MINUTE: "1000000",
      CLIENT_READS_PER_MINUTE: "1000000",
    });
  } else {
    naive = await startNaive(upstream.origin);
  }
  const origin = app?.origin ?? naive!.origin;
  const client = createClient();

  // Warm start: one read starts the BFF's status sweep; wait until it has read every page.
  let warmSeconds: number | null = null;
  if (app && !o.BENCH_COLD_START) {
    const warmStarted = Date.now();
    const pages = Math.ceil(n / 100);
    const listed = () => upstream.calls.filter((c) => c.route === "GET /swap (list)" && c.status === 200).length;
    const first = ids[0]!;
    await client.send(`${origin}/api/v1/swap/${first}`, {
      headers: { "x-swap-token": tokenOf(first), "x-forwarded-for": "10.250.0.1" },
    });
    while (listed() < pages && Date.now() - warmStarted < 180_000) await sleep(100);
    warmSeconds = (Date.now() - warmStarted) / 1000;
    log(`  warm start: the BFF's sweep read ${listed()} of ${pages} pages in ${warmSeconds.toFixed(1)} s`);
  }
  return { upstream, ids, app, naive, origin, client, tokenOf, warmSeconds };
}
