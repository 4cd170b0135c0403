// test:deploy's `container <image>`: the image alone on the sandbox (host network, a free port): the
// walk, not root, its HEALTHCHECK, the compile hint on the page's framework chunks, /api/metrics,
// the traces an OTLP receiver here gets, SIGTERM draining a request in flight, exit code 0, and
// every log line one JSON object.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { COMPILE_HINT } from "../../lib/build/compile-hints.mjs";
import { freePort } from "../../tests/support/free-port";
import { check, expectStatus, fail, healthy, http, log, run, sleep, until } from "./support";
import { walk } from "./walk";

type OtlpSpan = { name: string; kind: number; traceId: string; parentSpanId?: string; spanId: string };

/** An OTLP/HTTP receiver (http/json) on 127.0.0.1: the spans the container exports. */
function otlpReceiver(port: number): Promise<{ server: Server; spans: OtlpSpan[] }> {
  const spans: OtlpSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          resourceSpans?: Array<{ scopeSpans?: Array<{ spans?: OtlpSpan[] }> }>;
        };
        for (const rs of body.resourceSpans ?? [])
          for (const ss of rs.scopeSpans ?? []) spans.push(...(ss.spans ?? []));
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve({ server, spans })));
}

/** `podman logs`: every line one JSON object with level, time and msg; none holds `secret`. */
function checkJsonLogs(logs: string, secret: string): number {
  const lines = logs.split("\n").filter((line) => line.trim() !== "");
  check(lines.length > 0, "the container logged nothing");
  let withRequestId = 0;
  for (const line of lines) {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      fail(`a log line is not JSON: ${line.slice(0, 300)}`);
    }
    check(
      typeof entry.level === "string" && typeof entry.time === "string" && typeof entry.msg === "string",
      `a log line lacks level, time or msg: ${line.slice(0, 300)}`,
    );
    if (typeof entry.requestId === "string") withRequestId++;
  }
  check(!logs.includes(secret), "the log holds METRICS_TOKEN");
  return withRequestId;
}

export async function containerTest(image: string) {
  const port = await freePort();
  const name = `swap-deploy-test-${process.pid}`;
  const origin = `http://127.0.0.1:${port}`;
  const metricsToken = randomBytes(24).toString("base64url");
  const otlp = await otlpReceiver(await freePort());
  const otlpPort = (otlp.server.address() as { port: number }).port;
  log(`the image alone: ${name} on ${origin} (host network, SANDBOX=1, metrics and traces on)`);
  // Every upstream call takes 1.5 s (the sandbox's latency fault): a request is still in flight
  // when the container is stopped. The walk only takes longer.
  await run("podman", [
    "run",
    "-d",
    "--name",
    name,
    "--network",
    "host",
    "-e",
    "SANDBOX=1",
    "-e",
    `PORT=${port}`,
    "-e",
    "HOST=127.0.0.1",
    "-e",
    "SANDBOX_STEP_SECONDS=1",
    "-e",
    "SANDBOX_FAULTS=latency=1500",
    "-e",
    `METRICS_TOKEN=${metricsToken}`,
    "-e",
    `OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:${otlpPort}`,
    "-e",
    "OTEL_EXPORTER_OTLP_PROTOCOL=http/json",
    "-e",
    "OTEL_BSP_SCHEDULE_DELAY=500",
    image,
  ]);
  try {
    // A new embedded ledger (PGlite's initdb) holds the first requests for 20-60 s on a busy machine.
    const startMs = await until("the container answering /api/health", 180_000, healthy(origin));
    log(`listening ${(startMs / 1000).toFixed(1)} s after podman run`);
    // The image's own HEALTHCHECK command, as the engine runs it.
    const probe = await run("podman", ["healthcheck", "run", name], { allowFail: true });
    check(probe.code === 0, `the image's HEALTHCHECK failed: ${probe.out}`);

    // Not root: the user of the server process (PID 1) and of a shell started in the container.
    const uid = (await run("podman", ["exec", name, "id", "-u"])).out.trim();
    const status = (await run("podman", ["exec", name, "cat", "/proc/1/status"])).out;
    const pid1Uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    const pid1Cmd = (await run("podman", ["exec", name, "cat", "/proc/1/cmdline"])).out.replaceAll("\0", " ").trim();
    check(
      uid !== "0" && pid1Uid !== undefined && pid1Uid !== "0",
      `the server runs as root (id -u ${uid}, PID 1's uid ${pid1Uid})`,
    );
    log(`not root: id -u ${uid}, PID 1 (${pid1Cmd}) uid ${pid1Uid}`);

    // Nothing secret in the image: no key-like value in its environment.
    const env = (await run("podman", ["image", "inspect", "--format", "{{json .Config.Env}}", image])).out;
    check(!/KEY|SECRET|PASSWORD|TOKEN/i.test(env), `the image's environment names a secret: ${env}`);

    // The build's post-compile step ran in the image's build too: the framework's chunks the
    // checkout loads start with V8's compile hint (lib/build/compile-hints.mjs).
    const home = await fetch(`${origin}/`, { signal: AbortSignal.timeout(30_000) }).then((r) => r.text());
    const scripts = [...home.matchAll(/<script\b[^>]*\bsrc="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const hinted: string[] = [];
    for (const src of scripts)
      if ((await fetch(`${origin}${src}`).then((r) => r.text())).startsWith(COMPILE_HINT)) hinted.push(src);
    check(hinted.length > 0, `no script of / in the image starts with the compile hint: ${scripts.join(", ")}`);
    log(`compile hint on ${hinted.length} of the ${scripts.length} scripts of /`);

    const result = await walk({ origin, deposit: { via: "app" } });
    log(`walk: ${result.statuses.join(" → ")} (swap ${result.swapId}, ${(result.ms / 1000).toFixed(1)} s)`);

    // Metrics: 404 without the token, the walk counted with it, no swap id in a label.
    expectStatus(await http(origin, "/api/metrics"), 404, "GET /api/metrics without the token");
    const scrape = await fetch(`${origin}/api/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
      signal: AbortSignal.timeout(30_000),
    });
    const metrics = await scrape.text();
    check(scrape.status === 200, `GET /api/metrics with the token: ${scrape.status} ${metrics.slice(0, 300)}`);
    const series = (family: string, labels: Record<string, string>) =>
      metrics
        .split("\n")
        .find(
          (line) =>
            line.startsWith(`${family}{`) && Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)),
        );
    check(
      /^swap_checkout_swaps_created_total 1$/m.test(metrics),
      "/api/metrics: swap_checkout_swaps_created_total is not 1",
    );
    check(
      series("swap_checkout_http_requests_total", { route: "/api/v1/swap/[id]", method: "GET", status: "200" }),
      "/api/metrics: no GET /api/v1/swap/[id] 200",
    );
    check(
      / [1-9]\d*$/.test(
        series("swap_checkout_upstream_requests_total", { operation: "createSwap", outcome: "ok" }) ?? "",
      ),
      "/api/metrics: no createSwap ok",
    );
    check(!metrics.includes(result.swapId), "a metric label holds the swap's id");
    log(
      `metrics: 404 without the token; with it ${metrics.split("\n").filter((l) => l.startsWith("swap_checkout_")).length} swap_checkout_ series, the walk counted`,
    );

    // Traces: the swap's creation is a server span with the upstream call as its client child.
    await until("the creation's spans at the OTLP receiver", 30_000, async () =>
      otlp.spans.some(
        (server) =>
          server.name === "POST /api/v1/swap" &&
          otlp.spans.some((c) => c.name === "POST /v1/swap" && c.parentSpanId === server.spanId),
      ),
    );
    log(`traces: ${otlp.spans.length} spans received over OTLP/HTTP, POST /api/v1/swap → POST /v1/swap in one trace`);

    // SIGTERM with a request in flight: it is answered, then the server exits 0.
    const inFlight = http(origin, "/api/v1/quote", {
      body: { from: { network: "bitcoin", token: "BTC", amount: "0.02" }, to: { network: "tron", token: "USDT" } },
    });
    await sleep(400);
    const stopped = Date.now();
    const stop = run("podman", ["stop", "-t", "30", name], { allowFail: true });
    const answer = await inFlight;
    expectStatus(answer, 200, "the quote in flight at SIGTERM");
    const stopResult = await stop;
    check(stopResult.code === 0, `podman stop failed: ${stopResult.out}`);
    const exit = (await run("podman", ["inspect", "--format", "{{.State.ExitCode}}", name])).out.trim();
    // Both of the container's streams: a line on stderr must be JSON too.
    const logs = (await run("sh", ["-c", 'podman logs "$0" 2>&1', name])).out;
    check(exit === "0", `exit code after SIGTERM: ${exit}\n${logs.slice(-2000)}`);
    check(logs.includes("[shutdown] done"), `the server's log does not show the drain:\n${logs.slice(-2000)}`);
    log(
      `SIGTERM: the request in flight answered 200, exit code 0, stopped in ${((Date.now() - stopped) / 1000).toFixed(1)} s`,
    );
    const withRequestId = checkJsonLogs(logs, metricsToken);
    log(
      `logs: ${logs.split("\n").filter((l) => l.trim()).length} lines, each one JSON object (${withRequestId} with a requestId)`,
    );
  } catch (error) {
    console.error((await run("podman", ["logs", name], { allowFail: true })).out.slice(-4000));
    throw error;
  } finally {
    otlp.server.close();
    await run("podman", ["rm", "-f", "-t", "0", name], { allowFail: true });
  }
}
