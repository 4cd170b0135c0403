// Request throughput and latency of the BFF's cached reads against a trivial route handler of the
// same build in the same run (GET /api/health, the floor), with autocannon over loopback.
import { createHmac } from "node:crypto";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { deriveKey } from "@/lib/config/derive";
import { startBff } from "./app";
import { API_KEY, APP_SECRET, type BenchOptions } from "./options";
import { median } from "./stats";
import { startUpstream } from "./upstream";

type RouteResult = {
  route: string;
  path: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; mean: number };
  requests: number;
  non2xx: number;
  errors: number;
  /** The median over rounds of this route's req/s ÷ the floor's req/s in the same round. */
  ofFloor: number;
  ofFloorRange: [number, number];
  perRound: number[];
};

export type ThroughputResult = {
  seconds: number;
  rounds: number;
  connections: number;
  routes: RouteResult[];
  loadAverage: { start: number; end: number };
};

export async function runThroughput(o: BenchOptions, log: (line: string) => void): Promise<ThroughputResult> {
  const loadStart = loadavg()[0]!;
  const upstream = await startUpstream({
    SANDBOX_API_KEY: API_KEY,
    SANDBOX_RATE_LIMIT_PER_MINUTE: String(o.BENCH_RATE_LIMIT),
  });
  // A finished swap: its snapshot is terminal, so after the first read it is always served from the cache.
  const { ids } = await upstream.control<{ ids: string[] }>("/sandbox/seed", { count: 1, statuses: ["completed"] });
  const id = ids[0]!;
  const token = createHmac("sha256", deriveKey(APP_SECRET, "swap-token")).update(`swap:${id}`).digest("base64url");
  const app = await startBff({
    PARTNER_API_BASE_URL: upstream.baseUrl,
    PARTNER_API_KEY: API_KEY,
    APP_SECRET,
    PARTNER_RATE_LIMIT_PER_MINUTE: String(o.BENCH_RATE_LIMIT),
    CLIENT_QUOTES_PER_MINUTE: "1000000",
    CLIENT_SWAPS_PER_MINUTE: "1000000",
    CLIENT_READS_PER_MINUTE: "1000000",
  });
  const routes = [
    { route: "trivial route handler (floor)", path: "/api/health", headers: {} as Record<string, string> },
    { route: "cached swap status", path: `/api/v1/swap/${id}`, headers: { "x-swap-token": token } },
    { route: "asset list", path: "/api/v1/assets", headers: {} as Record<string, string> },
  ];
  try {
    for (const r of routes) {
      const first = await fetch(app.origin + r.path, { headers: r.headers });
      if (!first.ok) throw new Error(`GET ${r.path} answered ${first.status}: ${await first.text()}`);
    }
    const cannon = (path: string, headers: Record<string, string>, seconds: number) =>
      autocannon({
        url: app.origin + path,
        headers,
        connections: o.BENCH_AC_CONNECTIONS,
        duration: seconds,
        pipelining: 1,
      });
    // Warm every route (JIT, caches). Then interleaved rounds, the order rotating each round, so
    // that whatever else the machine does falls on every route alike; each route's share of the
    // floor is the median of its per-round ratios.
    // Two passes: the first runs of a fresh server are much slower (JIT, lazy route loading).
    for (let pass = 0; pass < 2; pass++) for (const r of routes) await cannon(r.path, r.headers, 3);
    const rounds = o.BENCH_AC_ROUNDS;
    const perRound = Math.max(1, Math.round(o.BENCH_AC_SECONDS / rounds));
    log(
      `  autocannon: ${rounds} rounds × ${routes.length} routes × ${perRound} s, ${o.BENCH_AC_CONNECTIONS} connections`,
    );
    const runs = routes.map(() => [] as autocannon.Result[]);
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < routes.length; k++) {
        const index = (k + round) % routes.length;
        const r = routes[index]!;
        runs[index]!.push(await cannon(r.path, r.headers, perRound));
      }
    }
    const floorRuns = runs[0]!.map((result) => result.requests.average);
    const results: RouteResult[] = routes.map((r, index) => {
      const own = runs[index]!;
      const requests = own.reduce((sum, result) => sum + result.requests.total, 0);
      return {
        route: r.route,
        path: r.path.replace(id, "{id}"),
        requestsPerSecond: requests / (own.length * perRound),
        latencyMs: {
          p50: median(own.map((x) => x.latency.p50)),
          p99: median(own.map((x) => x.latency.p99)),
          mean: median(own.map((x) => x.latency.average)),
        },
        requests,
        non2xx: own.reduce((sum, x) => sum + x.non2xx, 0),
        errors: own.reduce((sum, x) => sum + x.errors + x.timeouts, 0),
        ofFloor: median(own.map((x, round) => x.requests.average / floorRuns[round]!)),
        ofFloorRange: [
          Math.min(...own.map((x, round) => x.requests.average / floorRuns[round]!)),
          Math.max(...own.map((x, round) => x.requests.average / floorRuns[round]!)),
        ],
        perRound: own.map((x) => Math.round(x.requests.average)),
      };
    });
    return {
      seconds: perRound * rounds,
      rounds,
      connections: o.BENCH_AC_CONNECTIONS,
      routes: results,
      loadAverage: { start: loadStart, end: loadavg()[0]! },
    };
  } finally {
    await app.stop();
    await upstream.close();
  }
}
