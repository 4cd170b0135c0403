// What metrics and tracing cost a request: the cached status read (GET /api/v1/swap/{id}, served
// from the BFF's snapshot) on two apps of the same build, one with observability off (no
// METRICS_TOKEN, no OTLP endpoint) and one with it on (METRICS_TOKEN set and scraped, every request
// traced and exported over OTLP/HTTP protobuf to a local sink), in autocannon rounds.
// Two measures: requests a second, and the app process's CPU time per request (from /proc). The
// second is what the target is judged on: on a machine that other work shares, throughput swings
// with whatever else runs, and the CPU a request costs the app moves less.
// Each round starts a fresh pair (the start and the measuring order alternating) and stops it after:
// one pair kept for the whole run measured a process, not a setting. Two identical apps with
// observability off (BENCH_OVERHEAD_CONTROL=1) came out 27 % apart that way on a quiet machine,
// each process keeping its own speed for the whole run.
// On a machine of two cores or more, the app under measure runs on the first core and this process
// (autocannon, the upstream, the sink) on the others, so the load never shares the app's core. The
// rounds still swing (the same app's CPU per request from 2.4 to 7.4 ms on this project's virtual
// machine), and a round's two apps swing together: the verdict is the median of the rounds' own
// ratios (cpuRatioPaired).
import { execFile, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus as cpuList, loadavg } from "node:os";
import autocannon from "autocannon";
import { deriveKey } from "@/lib/config/derive";
import { repoRoot } from "../../tests/support/servers";
import { startBff, type BenchApp } from "./app";
import { API_KEY, APP_SECRET, type BenchOptions } from "./options";
import { median, quantile } from "./stats";
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
  /**
   * The same, paired: each round's off ÷ on CPU per request (the two apps of one round met the same
   * machine), the median over rounds and the middle half of them.
   */
  cpuRatioPaired: { median: number; quartiles: [number, number] };
  /** What the sink received from the traced app: proof that tracing was on. */
  exported: { requests: number; bytes: number };
  scrapes: number;
  /**
   * The wrapper's own cost, measured apart (scripts/bench/overhead-direct.ts): CPU µs a call with
   * observability off and on, medians of ten measures each, and the OTLP batches the traced side
   * sent. Not run in the A/A control.
   */
  direct: { offMicros: number; onMicros: number; batches: number } | null;
  loadAverage: { start: number; end: number };
};

/** CPU seconds (user + system) a process has used, from /proc (Linux; clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The route wrapper alone, off and on in turn, twice each, each run a process of its own on `cpus`. */
async function directCost(cpus: string | undefined): Promise<NonNullable<OverheadResult["direct"]>> {
  const runs: { mode: "off" | "on"; micros: number[]; batches: number }[] = [];
  for (const mode of ["off", "on", "off", "on"]) {
    const command = [
      ...(cpus ? ["taskset", "-c", cpus] : []),
      process.execPath,
      "--conditions=react-server",
      "--import",
      "tsx",
      "scripts/bench/overhead-direct.ts",
      mode,
    ];
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(command[0]!, command.slice(1), { cwd: repoRoot, timeout: 300_000 }, (error, out, err) =>
        error ? reject(new Error(`${command.join(" ")}: ${error.message}\n${err}`)) : resolve(out),
      ),
    );
    runs.push(JSON.parse(stdout.trim().split("\n").at(-1)!));
  }
  const of = (mode: "off" | "on") => median(runs.filter((r) => r.mode === mode).flatMap((r) => r.micros));
  return {
    offMicros: of("off"),
    onMicros: of("on"),
    batches: runs.filter((r) => r.mode === "on").reduce((sum, r) => sum + r.batches, 0),
  };
}

/** Every thread of this process on `list` (taskset's syntax). */
function pinSelf(list: string): void {
  const result = spawnSync("taskset", ["-a", "-cp", list, String(process.pid)], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`taskset -a -cp ${list} failed: ${result.stderr || result.error}`);
}

export async function runOverhead(o: BenchOptions, log: (line: string) => void): Promise<OverheadResult> {
  const loadStart = loadavg()[0]!;
  const cores = cpuList().length;
  const appCpu = cores >= 2 ? "0" : undefined;
  if (appCpu) pinSelf(`1-${cores - 1}`);
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
    `  overhead: ${rounds} rounds, each a fresh pair of apps × ${perRound} s, ${o.BENCH_AC_CONNECTIONS} connections, GET /api/v1/swap/{id} (cached)${scraped ? "" : ", A/A control: both off"}${appCpu ? `, the apps on CPU ${appCpu} and the load on the others` : ""}`,
  );
  const runs: [autocannon.Result[], autocannon.Result[]] = [[], []];
  const cpu: [number[], number[]] = [[], []];
  let apps: BenchApp[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      // The order alternates, for starting (what the machine is doing meanwhile) and for measuring.
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      apps = [];
      for (const index of order) apps[index] = await startBff(index === 0 ? env : onEnv, { cpus: appCpu });
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
      log(
        `    round ${round + 1}: CPU per request off ${Math.round(cpu[0].at(-1)!)} µs, ${scraped ? "on" : "second off"} ${Math.round(cpu[1].at(-1)!)} µs (load ${loadavg()[0]!.toFixed(1)})`,
      );
      // The traced app's last batch goes out before it stops (its shutdown flushes it).
      for (const app of apps) await app.stop();
      apps = [];
    }
    if (scraped) log("  overhead: the route wrapper alone, off and on (scripts/bench/overhead-direct.ts)");
    const direct = scraped ? await directCost(appCpu) : null;
    const side = (results: autocannon.Result[], cpuPerRequest: number[]): OverheadSide => ({
      cpuMicrosPerRequest: Math.round(median(cpuPerRequest)),
      requestsPerSecond: results.reduce((sum, r) => sum + r.requests.total, 0) / (results.length * perRound),
      latencyMs: { p50: median(results.map((r) => r.latency.p50)), p99: median(results.map((r) => r.latency.p99)) },
      perRound: results.map((r) => Math.round(r.requests.average)),
      non2xx: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    });
    const pairedCpu = cpu[0].map((off, round) => off / cpu[1][round]!);
    const ratios = runs[1].map((r, round) => r.requests.average / runs[0][round]!.requests.average);
    return {
      control: !scraped,
      seconds: perRound * rounds,
      rounds,
      connections: o.BENCH_AC_CONNECTIONS,
      off: side(runs[0], cpu[0]),
      on: side(runs[1], cpu[1]),
      cpuRatio: median(cpu[0]) / median(cpu[1]),
      cpuRatioPaired: { median: median(pairedCpu), quartiles: [quantile(pairedCpu, 0.25), quantile(pairedCpu, 0.75)] },
      ratio: median(ratios),
      ratioRange: [Math.min(...ratios), Math.max(...ratios)],
      exported: { ...exported },
      scrapes,
      direct,
      loadAverage: { start: loadStart, end: loadavg()[0]! },
    };
  } finally {
    if (appCpu) pinSelf(`0-${cores - 1}`);
    for (const app of apps.filter(Boolean)) await app.stop();
    await upstream.close();
    await new Promise((resolve) => sink.close(resolve));
  }
}

export function overheadTable(r: OverheadResult): string {
  const row = (name: string, s: OverheadSide, cpuShare: string, paired: string, share: string) =>
    `| ${name} | ${s.cpuMicrosPerRequest} µs | ${cpuShare} | ${paired} | ${Math.round(s.requestsPerSecond).toLocaleString("en-US")} | ${share} | ${s.latencyMs.p50} ms | ${s.latencyMs.p99} ms | ${s.non2xx} |`;
  return [
    "| cached status read, `GET /api/v1/swap/{id}` | app CPU per request | as fast as off | paired by round: median (middle half) | req/s | of off (rounds: min–max) | latency p50 | latency p99 | non-2xx |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    row("observability off", r.off, "100 %", "100 %", "100 %"),
    row(
      r.control ? "observability off, a second app (A/A control)" : "metrics and tracing on",
      r.on,
      `${Math.round(r.cpuRatio * 100)} %`,
      `${Math.round(r.cpuRatioPaired.median * 100)} % (${Math.round(r.cpuRatioPaired.quartiles[0] * 100)}–${Math.round(r.cpuRatioPaired.quartiles[1] * 100)} %)`,
      `${Math.round(r.ratio * 100)} % (${Math.round(r.ratioRange[0] * 100)}–${Math.round(r.ratioRange[1] * 100)} %)`,
    ),
    ...(r.direct
      ? [
          "",
          `The route wrapper alone (scripts/bench/overhead-direct.ts): ${r.direct.offMicros.toFixed(1)} µs a call off, ${r.direct.onMicros.toFixed(1)} µs on, every span exported (${r.direct.batches.toLocaleString("en-US")} OTLP batches): ${(r.direct.onMicros - r.direct.offMicros).toFixed(1)} µs a request, ${(((r.direct.onMicros - r.direct.offMicros) / r.off.cpuMicrosPerRequest) * 100).toFixed(1)} % of the app's CPU per request with observability off.`,
        ]
      : []),
  ].join("\n");
}
