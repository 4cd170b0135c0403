// What metrics and tracing cost a request: the cached status read (GET /api/v1/swap/{id}, served
// from the BFF's snapshot) on two apps of the same build, one with observability off (no
// METRICS_TOKEN, no OTLP endpoint) and one with it on (METRICS_TOKEN set and scraped, every request
// traced and exported over OTLP/HTTP protobuf to a local sink), in autocannon rounds.
// Two measures: requests a second, and the app process's CPU time per request (from /proc). The
// second is what the target is judged on: on a machine that other work shares, throughput swings
// with whatever else runs, while the CPU a request costs the app does not.
// Each round starts a fresh pair (the start and the measuring order alternating) and stops it after:
// one pair kept for the whole run measured a process, not a setting. Two identical apps with
// observability off (BENCH_OVERHEAD_CONTROL=1) came out 27 % apart that way on a quiet machine,
// each process keeping its own speed for the whole run.
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { deriveKey } from "@/lib/config/derive";
import { startBff, type BenchApp } from "./app";
import { API_KEY, APP_SECRET, type BenchOptions } from "./options";
import { startUpstream } from "./upstream";

const METRICS_TOKEN = "bench-metrics-token-0123456789";

type OverheadSide = {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  perRound: number[];
  non2xx: number;
  /** The app process's CPU time (user + system) per request served, µs: the median over rounds. */
  cpuMicrosPerRequest: number;
};

export type OverheadResult = {
  /** An A/A control (BENCH_OVERHEAD_CONTROL=1): both apps had observability off. */
  control: boolean;
  seconds: number;
  rounds: number;
  connections: number;
  off: OverheadSide;
  on: OverheadSide;
  /** Median over rounds of on ÷ off requests a second, each round's two runs side by side. */
  ratio: number;
  ratioRange: [number, number];
  /** Off's CPU per request ÷ on's (medians): how fast a request is with observability on, 1 = as fast. */
  cpuRatio: number;
  /** What the sink received from the traced app: proof that tracing was on. */
  exported: { requests: number; bytes: number };
  scrapes: number;
  loadAverage: { start: number; end: number };
};

/** CPU seconds (user + system) a process has used, from /proc (Linux; clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function runOverhead(o: BenchOptions, log: (line: string) => void): Promise<OverheadResult> {
  const loadStart = loadavg()[0]!;
  const exported = { requests: 0, bytes: 0 };
  const sink = createServer((req, res) => {
    req.on("data", (chunk: Buffer) => (exported.bytes += chunk.length));
    req.on("end", () => {
      exported.requests++;
      res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  const upstream = await startUpstream({
    SANDBOX_API_KEY: API_KEY,
    SANDBOX_RATE_LIMIT_PER_MINUTE: String(o.BENCH_RATE_LIMIT),
  });
  const { ids } = await upstream.control<{ ids: string[] }>("/sandbox/seed", { count: 1, statuses: ["completed"] });
  const id = ids[0]!;
  const token = createHmac("sha256", deriveKey(APP_SECRET, "swap-token")).update(`swap:${id}`).digest("base64url");
  const env = {
    PARTNER_API_BASE_URL: upstream.baseUrl,
    PARTNER_API_KEY: API_KEY,
    APP_SECRET,
    PARTNER_RATE_LIMIT_PER_MINUTE: String(o.BENCH_RATE_LIMIT),
    CLIENT_QUOTES_PER_MINUTE: "1000000",
    CLIENT_SWAPS_PER_MINUTE: "1000000",
    CLIENT_READS_PER_MINUTE: "1000000",
  };
  const onEnv =
    o.BENCH_OVERHEAD_CONTROL === "1"
      ? env
      : {
          ...env,
          METRICS_TOKEN,
          OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(sink.address() as AddressInfo).port}`,
        };
  const scraped = o.BENCH_OVERHEAD_CONTROL !== "1";
  const path = `/api/v1/swap/${id}`;
  const headers = { "x-swap-token": token };
  const cannon = (app: BenchApp, seconds: number) =>
    autocannon({
      url: app.origin + path,
      headers,
      connections: o.BENCH_AC_CONNECTIONS,
      duration: seconds,
      pipelining: 1,
    });
  let scrapes = 0;
  const scrape = async (app: BenchApp) => {
    const res = await fetch(`${app.origin}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    if (!res.ok) throw new Error(`GET /api/metrics answered ${res.status}`);
    await res.text();
    scrapes++;
  };
  const rounds = o.BENCH_AC_ROUNDS;
  const perRound = Math.max(1, Math.round(o.BENCH_AC_SECONDS / rounds));
  log(
    `  overhead: ${rounds} rounds, each a fresh pair of apps × ${perRound} s, ${o.BENCH_AC_CONNECTIONS} connections, GET /api/v1/swap/{id} (cached)${scraped ? "" : ", A/A control: both off"}`,
  );
  const runs: [autocannon.Result[], autocannon.Result[]] = [[], []];
  const cpu: [number[], number[]] = [[], []];
  let apps: BenchApp[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      // The order alternates, for starting (what the machine is doing meanwhile) and for measuring.
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      apps = [];
      for (const index of order) apps[index] = await startBff(index === 0 ? env : onEnv);
      for (const app of apps) {
        const first = await fetch(app.origin + path, { headers });
        if (!first.ok) throw new Error(`GET ${path} answered ${first.status}: ${await first.text()}`);
      }
      // Warm each (JIT, lazy route loading) as long as it is then measured.
      for (const index of order) await cannon(apps[index]!, perRound);
      for (const index of order) {
        const cpuBefore = cpuSeconds(apps[index]!.pid);
        const result = await cannon(apps[index]!, perRound);
        runs[index]!.push(result);
        cpu[index]!.push(((cpuSeconds(apps[index]!.pid) - cpuBefore) * 1e6) / Math.max(1, result.requests.total));
        // A scraper's visit, as Prometheus would pay one every 15 s.
        if (index === 1 && scraped) await scrape(apps[1]!);
      }
      // The traced app's last batch goes out before it stops (its shutdown flushes it).
      for (const app of apps) await app.stop();
      apps = [];
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    };
    const side = (results: autocannon.Result[], cpuPerRequest: number[]): OverheadSide => ({
      cpuMicrosPerRequest: Math.round(median(cpuPerRequest)),
      requestsPerSecond: results.reduce((sum, r) => sum + r.requests.total, 0) / (results.length * perRound),
      latencyMs: { p50: median(results.map((r) => r.latency.p50)), p99: median(results.map((r) => r.latency.p99)) },
      perRound: results.map((r) => Math.round(r.requests.average)),
      non2xx: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    });
    const ratios = runs[1].map((r, round) => r.requests.average / runs[0][round]!.requests.average);
    return {
      control: !scraped,
      seconds: perRound * rounds,
      rounds,
      connections: o.BENCH_AC_CONNECTIONS,
      off: side(runs[0], cpu[0]),
      on: side(runs[1], cpu[1]),
      cpuRatio: median(cpu[0]) / median(cpu[1]),
      ratio: median(ratios),
      ratioRange: [Math.min(...ratios), Math.max(...ratios)],
      exported: { ...exported },
      scrapes,
      loadAverage: { start: loadStart, end: loadavg()[0]! },
    };
  } finally {
    for (const app of apps.filter(Boolean)) await app.stop();
    await upstream.close();
    await new Promise((resolve) => sink.close(resolve));
  }
}

export function overheadTable(r: OverheadResult): string {
  const row = (name: string, s: OverheadSide, cpuShare: string, share: string) =>
    `| ${name} | ${s.cpuMicrosPerRequest} µs | ${cpuShare} | ${Math.round(s.requestsPerSecond).toLocaleString("en-US")} | ${share} | ${s.latencyMs.p50} ms | ${s.latencyMs.p99} ms | ${s.non2xx} |`;
  return [
    "| cached status read, `GET /api/v1/swap/{id}` | app CPU per request | as fast as off | req/s | of off (rounds: min–max) | latency p50 | latency p99 | non-2xx |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    row("observability off", r.off, "100 %", "100 %"),
    row(
      r.control ? "observability off, a second app (A/A control)" : "metrics and tracing on",
      r.on,
      `${Math.round(r.cpuRatio * 100)} %`,
      `${Math.round(r.ratio * 100)} % (${Math.round(r.ratioRange[0] * 100)}–${Math.round(r.ratioRange[1] * 100)} %)`,
    ),
  ].join("\n");
}
