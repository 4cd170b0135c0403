// What the route wrapper's metrics and tracing cost a call, without the rest of a request:
// `node --conditions=react-server --import tsx scripts/bench/overhead-direct.ts <off|on>` (run by
// scripts/bench/overhead.ts). It calls the wrapper (lib/observability/http.ts) around a handler
// that answers at once, 100,000 calls a measure, five measures after a warm-up, yielding to I/O
// every 20 calls as a server's requests do, so that the batch exporter sends every span to a sink
// (a process of its own). It prints the process's CPU time per call, µs, as JSON.
// react-server is the condition Next's server bundle is built with: `server-only` is empty there.
import { spawn } from "node:child_process";

const mode = process.argv[2] === "on" ? "on" : "off";
process.env.SANDBOX = "1";
process.env.APP_SECRET = "bench-direct-app-secret-0123456789abcdef";
process.env.LOG_LEVEL = "warn";
if (mode === "on") process.env.METRICS_TOKEN = "bench-metrics-token-0123456789";

const sink = spawn(
  process.execPath,
  [
    "-e",
    `let n = 0;
     process.on("SIGTERM", () => { console.log(n); process.exit(0); });
     require("node:http").createServer((req, res) => {
       req.resume();
       req.on("end", () => { n++; res.writeHead(200, { "content-type": "application/x-protobuf" }).end(); });
     }).listen(0, "127.0.0.1", function () { console.log(this.address().port); });`,
  ],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const lines = (async function* () {
  for await (const chunk of sink.stdout!) yield* String(chunk).trim().split("\n");
})();
const sinkPort = Number((await lines.next()).value);

const { observed } = await import("@/lib/observability/http");
const { metrics } = await import("@/lib/observability/metrics");
metrics();
if (mode === "on") {
  const { startTracing } = await import("@/lib/observability/tracing-sdk");
  startTracing({ url: `http://127.0.0.1:${sinkPort}/v1/traces`, protocol: "http/protobuf", serviceName: "bench" });
}

const handler = observed(async () => new Response("{}", { status: 200 }));
const req = new Request("http://127.0.0.1/api/v1/swap/0123456789abcdef", { headers: { "x-swap-token": "t" } });
async function calls(n: number) {
  for (let i = 0; i < n; i++) {
    await handler(req);
    if (i % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
  }
}

await calls(50_000);
const micros: number[] = [];
for (let k = 0; k < 5; k++) {
  const before = process.cpuUsage();
  await calls(100_000);
  const used = process.cpuUsage(before);
  micros.push((used.user + used.system) / 100_000);
}
// The last batch goes out before the sink counts.
await new Promise((resolve) => setTimeout(resolve, 6_000));
sink.kill("SIGTERM");
const batches = Number((await lines.next()).value ?? 0);
console.log(JSON.stringify({ mode, micros, batches }));
process.exit(0);
