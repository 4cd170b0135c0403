// bench:ledger's exports: the CSV export of every swap alone and three at once (three operator
// sessions), a second export of a busy session, and the checkout's latency meanwhile (health,
// quote, cached status read, swap creation) against the same with no export.
import type { BenchApp } from "../app";
import { spread } from "../stats";
import { log, PASSWORD } from "./options";

/**
 * The CSV export of every swap while the checkout is in use: the latency of a health check, a
 * quote, a cached status read and a swap creation, each sent again 100 ms after its answer (a
 * creation every 500 ms), first with no export, then during one export, then during three at once
 * (three operator sessions). Also: a second export of a session that has one running.
 */
export async function measureExports(app: BenchApp, cookie: string) {
  const json = { "content-type": "application/json" };
  const quoteBody = JSON.stringify({
    from: { network: "bitcoin", token: "BTC", amount: "0.01" },
    to: { network: "tron", token: "USDT" },
  });
  /** One call: how long it took, and whether it was answered 2xx (a failure counts, it is not thrown). */
  const send = async (path: string, init: RequestInit = {}) => {
    const t = performance.now();
    const res = await fetch(`${app.origin}${path}`, init).catch(() => null);
    const body = (await res?.text().catch(() => "")) ?? "";
    return {
      ms: performance.now() - t,
      ok: !!res?.ok,
      failure: res?.ok ? null : `${init.method ?? "GET"} ${path}: ${res?.status ?? "no answer"} ${body.slice(0, 200)}`,
      body,
    };
  };
  const quote = () => send("/api/v1/quote", { method: "POST", headers: json, body: quoteBody });
  const createSwap = async () => {
    const quoted = await quote();
    if (!quoted.ok) return quoted;
    return send("/api/v1/swap", {
      method: "POST",
      headers: { ...json, "idempotency-key": crypto.randomUUID() },
      body: JSON.stringify({
        quoteId: (JSON.parse(quoted.body) as { id: string }).id,
        destination: { address: "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD" },
      }),
    });
  };
  const created = await createSwap();
  if (!created.ok) throw new Error(created.failure!);
  const made = JSON.parse(created.body) as { swap: { id: string }; accessToken: string };
  const statusPath = `/api/v1/swap/${made.swap.id}`;

  /** Latencies of the checkout's calls until `done` resolves, and how many failed. */
  async function checkout(done: Promise<unknown>) {
    let over = false;
    void done.finally(() => (over = true));
    const loop = async (pauseMs: number, call: () => Promise<{ ms: number; failure: string | null }>) => {
      const samples: number[] = [];
      let failed = 0;
      while (!over) {
        const { ms, failure } = await call();
        samples.push(ms);
        if (failure) {
          failed++;
          log(`export: failed ${failure}`);
        }
        await new Promise((r) => setTimeout(r, pauseMs));
      }
      return { ...spread(samples), failed };
    };
    const [health, quotes, statusReads, swaps] = await Promise.all([
      loop(100, () => send("/api/health")),
      loop(100, quote),
      loop(100, () => send(statusPath, { headers: { "x-swap-token": made.accessToken } })),
      loop(500, createSwap),
    ]);
    await done;
    return { health, quotes, statusReads, swaps };
  }
  const exportAll = async (session: string) => {
    const t = performance.now();
    const res = await fetch(`${app.origin}/api/partner/swaps.csv`, { headers: { cookie: session } });
    if (!res.ok) throw new Error(`swaps.csv: ${res.status} ${(await res.text()).slice(0, 300)}`);
    const text = await res.text();
    return { ms: performance.now() - t, rows: text.split("\r\n").length - 2, bytes: Buffer.byteLength(text) };
  };

  log("export: the checkout with no export (10 s)");
  const idle = await checkout(new Promise((r) => setTimeout(r, 10_000)));
  log("export: one export of every swap");
  const one = exportAll(cookie);
  const checkoutDuringOne = checkout(one);
  // A second export of the same session meanwhile.
  await new Promise((r) => setTimeout(r, 500));
  const second = await fetch(`${app.origin}/api/partner/swaps.csv`, { headers: { cookie } });
  await second.body?.cancel();
  const secondExport = { status: second.status, retryAfter: second.headers.get("retry-after") };
  const during = await checkoutDuringOne;
  const single = await one;
  log(`export: ${single.rows} rows in ${(single.ms / 1000).toFixed(1)} s; three exports at once`);
  const sessions = [cookie];
  for (let i = 0; i < 2; i++) {
    const login = await fetch(`${app.origin}/api/partner/session`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    sessions.push(login.headers.get("set-cookie")!.split(";")[0]!);
  }
  const three = Promise.all(sessions.map(exportAll));
  const duringThree = await checkout(three);
  const parallel = await three;
  log(`export: three in ${(Math.max(...parallel.map((p) => p.ms)) / 1000).toFixed(1)} s`);
  return { idle, single, during, secondExport, parallel, duringThree };
}
