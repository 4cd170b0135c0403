// `npm run test:deploy`'s checks (scripts/test-deploy.sh builds the images first):
//   container <image>  the image alone on the sandbox (SANDBOX=1, host network, a free port): a swap
//                      walked to completed over HTTP, the server not root, the image's HEALTHCHECK,
//                      the walk in /api/metrics (404 without METRICS_TOKEN) and in the traces an
//                      OTLP receiver here gets, SIGTERM (podman stop) draining a request in flight,
//                      exit code 0, and every line of the container's log one JSON object.
//   stack <netns>      compose.yaml itself under podman-compose, inside a network namespace of its
//                      own (loopback only): proxy, two instances, Redis, Postgres and the sandbox;
//                      the walk through the proxy, the swap read on each instance, webhooks signed
//                      and delivered once per event, the ledger in Postgres, and one instance
//                      stopped mid-walk while the proxy keeps serving.
// Every request goes to loopback; every wait is bounded.
import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Webhook } from "standardwebhooks";

const root = fileURLToPath(new URL("..", import.meta.url));
const TRON_ADDRESS = "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD";
const SANDBOX_KEY = "lsk_test_sandbox";

// ---- small helpers --------------------------------------------------------------------------------

function fail(message: string): never {
  throw new Error(message);
}

function check(ok: unknown, message: string): asserts ok {
  if (!ok) fail(message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function log(line: string) {
  console.log(`test:deploy: ${line}`);
}

/**
 * A command's output; throws with it when the command fails. Never blocks this process: the stack's
 * webhook receiver must answer while podman works (a receiver that answers late gets the event
 * again, as at-least-once delivery should).
 */
function run(command: string, args: string[], options: { allowFail?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { encoding: "utf8", env: options.env ?? process.env, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      if (code !== 0 && !options.allowFail) reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${stderr}${stdout}`));
      else resolve({ code, out: code === 0 ? stdout : `${stdout}${stderr}` });
    });
  });
}

type Answer = { status: number; headers: Headers; json: unknown };

async function http(origin: string, pathname: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await fetch(`${origin}${pathname}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the message
  }
  return { status: res.status, headers: res.headers, json };
}

function expectStatus(answer: Answer, status: number, what: string) {
  check(answer.status === status, `${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.json).slice(0, 400)}`);
}

/** Resolves once `probe` is true, or throws after `ms`. */
async function until(what: string, ms: number, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      if (await probe()) return Date.now() - started;
    } catch {
      // not yet
    }
    if (Date.now() - started > ms) fail(`${what}: not within ${ms / 1000} s`);
    await sleep(250);
  }
}

const healthy = (origin: string) => () =>
  fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) })
    .then((res) => res.ok)
    .catch(() => false);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// ---- the walk: assets → quote → swap → deposit → completed --------------------------------------

type Swap = { id: string; status: string; deposit?: { address?: string } };
type WalkOptions = {
  origin: string;
  /** How the deposit is simulated: the app's own control (embedded sandbox), or the sandbox service's. */
  deposit: { via: "app" } | { via: "sandbox"; origin: string };
  /** Called once while the swap is in flight (the stack stops an instance then). */
  midway?: () => Promise<void>;
};
type WalkResult = { swapId: string; accessToken: string; statuses: string[]; ms: number };

async function walk(options: WalkOptions): Promise<WalkResult> {
  const started = Date.now();
  const { origin } = options;
  const health = await http(origin, "/api/health");
  expectStatus(health, 200, "GET /api/health");
  const ready = await http(origin, "/api/ready");
  expectStatus(ready, 200, `GET /api/ready`);

  const assets = await http(origin, "/api/v1/assets");
  expectStatus(assets, 200, "GET /api/v1/assets");
  const list = (assets.json as { assets: Array<{ symbol: string; network: string; canSend: boolean; canReceive: boolean }> }).assets;
  check(
    list.some((a) => a.symbol === "BTC" && a.network === "bitcoin" && a.canSend),
    "the assets list BTC on bitcoin",
  );
  check(
    list.some((a) => a.symbol === "USDT" && a.network === "tron" && a.canReceive),
    "the assets list USDT on tron",
  );

  const address = await http(origin, "/api/v1/address", { body: { network: "tron", token: "USDT", address: TRON_ADDRESS } });
  expectStatus(address, 200, "POST /api/v1/address");
  check((address.json as { valid: boolean }).valid, "the destination address checks valid");

  const quote = await http(origin, "/api/v1/quote", {
    body: { from: { network: "bitcoin", token: "BTC", amount: "0.01" }, to: { network: "tron", token: "USDT" } },
  });
  expectStatus(quote, 200, "POST /api/v1/quote");
  const quoteId = (quote.json as { id: string }).id;

  const key = randomUUID();
  const swapBody = { quoteId, destination: { address: TRON_ADDRESS } };
  const created = await http(origin, "/api/v1/swap", { body: swapBody, headers: { "idempotency-key": key } });
  check(created.status === 200 || created.status === 201, `POST /api/v1/swap: ${created.status} ${JSON.stringify(created.json).slice(0, 400)}`);
  const { swap, accessToken } = created.json as { swap: Swap; accessToken: string };
  check(swap.status === "waiting_deposit" && swap.deposit?.address, `a new swap waits for its deposit (got ${swap.status})`);
  // A retried click: the same answer, no second swap.
  const replay = await http(origin, "/api/v1/swap", { body: swapBody, headers: { "idempotency-key": key } });
  check(
    replay.headers.get("idempotent-replayed") === "true" && (replay.json as { swap: Swap }).swap.id === swap.id,
    "the same Idempotency-Key gets the same swap back",
  );

  const deposited =
    options.deposit.via === "app"
      ? await http(origin, `/api/sandbox/swaps/${swap.id}/deposit`, { body: {}, headers: { "x-swap-token": accessToken } })
      : await http(options.deposit.origin, `/sandbox/swaps/${swap.id}/deposit`, { body: {}, headers: { "x-api-key": SANDBOX_KEY } });
  expectStatus(deposited, 200, "the deposit");

  const statuses: string[] = [];
  let midwayDone = !options.midway;
  await until("the swap completing", 120_000, async () => {
    const read = await http(origin, `/api/v1/swap/${swap.id}`, { headers: { "x-swap-token": accessToken } });
    expectStatus(read, 200, `GET /api/v1/swap/${swap.id}`);
    const status = (read.json as Swap).status;
    if (statuses.at(-1) !== status) statuses.push(status);
    if (!midwayDone && status !== "completed") {
      midwayDone = true;
      await options.midway!();
    }
    return status === "completed";
  });
  return { swapId: swap.id, accessToken, statuses, ms: Date.now() - started };
}

// ---- the image alone ------------------------------------------------------------------------------

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
        for (const rs of body.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) spans.push(...(ss.spans ?? []));
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

async function containerTest(image: string) {
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
    check(uid !== "0" && pid1Uid !== undefined && pid1Uid !== "0", `the server runs as root (id -u ${uid}, PID 1's uid ${pid1Uid})`);
    log(`not root: id -u ${uid}, PID 1 (${pid1Cmd}) uid ${pid1Uid}`);

    // Nothing secret in the image: no key-like value in its environment.
    const env = (await run("podman", ["image", "inspect", "--format", "{{json .Config.Env}}", image])).out;
    check(!/KEY|SECRET|PASSWORD|TOKEN/i.test(env), `the image's environment names a secret: ${env}`);

    const result = await walk({ origin, deposit: { via: "app" } });
    log(`walk: ${result.statuses.join(" → ")} (swap ${result.swapId}, ${(result.ms / 1000).toFixed(1)} s)`);

    // Metrics: 404 without the token, the walk counted with it, no swap id in a label.
    expectStatus(await http(origin, "/api/metrics"), 404, "GET /api/metrics without the token");
    const scrape = await fetch(`${origin}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` }, signal: AbortSignal.timeout(30_000) });
    const metrics = await scrape.text();
    check(scrape.status === 200, `GET /api/metrics with the token: ${scrape.status} ${metrics.slice(0, 300)}`);
    const series = (family: string, labels: Record<string, string>) =>
      metrics.split("\n").find((line) => line.startsWith(`${family}{`) && Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)));
    check(/^swap_checkout_swaps_created_total 1$/m.test(metrics), "/api/metrics: swap_checkout_swaps_created_total is not 1");
    check(
      series("swap_checkout_http_requests_total", { route: "/api/v1/swap/[id]", method: "GET", status: "200" }),
      "/api/metrics: no GET /api/v1/swap/[id] 200",
    );
    check(
      / [1-9]\d*$/.test(series("swap_checkout_upstream_requests_total", { operation: "createSwap", outcome: "ok" }) ?? ""),
      "/api/metrics: no createSwap ok",
    );
    check(!metrics.includes(result.swapId), "a metric label holds the swap's id");
    log(
      `metrics: 404 without the token; with it ${metrics.split("\n").filter((l) => l.startsWith("swap_checkout_")).length} swap_checkout_ series, the walk counted`,
    );

    // Traces: the swap's creation is a server span with the upstream call as its client child.
    await until("the creation's spans at the OTLP receiver", 30_000, async () =>
      otlp.spans.some(
        (server) => server.name === "POST /api/v1/swap" && otlp.spans.some((c) => c.name === "POST /v1/swap" && c.parentSpanId === server.spanId),
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
    log(`SIGTERM: the request in flight answered 200, exit code 0, stopped in ${((Date.now() - stopped) / 1000).toFixed(1)} s`);
    const withRequestId = checkJsonLogs(logs, metricsToken);
    log(`logs: ${logs.split("\n").filter((l) => l.trim()).length} lines, each one JSON object (${withRequestId} with a requestId)`);
  } catch (error) {
    console.error((await run("podman", ["logs", name], { allowFail: true })).out.slice(-4000));
    throw error;
  } finally {
    otlp.server.close();
    await run("podman", ["rm", "-f", "-t", "0", name], { allowFail: true });
  }
}

// ---- compose.yaml under podman-compose --------------------------------------------------------------

type Service = Record<string, unknown> & { environment?: Record<string, string> | string[]; volumes?: string[] };
type Compose = { services: Record<string, Service> } & Record<string, unknown>;

// Inside the stack's own network namespace every service shares one loopback: each name is an
// address there, and the two app instances (both on port 3000) get addresses of their own.
const ADDRESSES: Record<string, string> = {
  proxy: "127.0.0.1",
  redis: "127.0.0.1",
  postgres: "127.0.0.1",
  sandbox: "127.0.0.1",
  app1: "127.0.0.2",
  app2: "127.0.0.3",
};
const WEBHOOK_PORT = 4020;
const STACK_METRICS_TOKEN = randomBytes(24).toString("base64url");

/** compose.yaml as podman-compose runs it here: the same services, images, commands, variables,
 *  healthchecks and volumes; only the network is the namespace's, and the ports are not published. */
function composeForNamespace(compose: Compose, netns: string, webhookSecret: string): Compose {
  const missing = ["proxy", "app1", "app2", "redis", "postgres", "sandbox"].filter((s) => !compose.services[s]);
  check(missing.length === 0, `compose.yaml lacks the services ${missing.join(", ")}`);
  const services: Record<string, Service> = {};
  for (const [name, original] of Object.entries(compose.services)) {
    const service: Service = structuredClone(original);
    check(service.healthcheck, `compose.yaml: ${name} has no healthcheck`);
    delete service.ports;
    delete service.build; // built already (podman-compose's own build has no host network)
    service.network_mode = `ns:/run/netns/${netns}`;
    service.extra_hosts = Object.entries(ADDRESSES).map(([host, ip]) => `${host}:${ip}`);
    service.volumes = service.volumes?.map((v) => (v.startsWith("./") ? path.join(root, v) : v));
    if (name === "app1" || name === "app2") {
      const env = service.environment as Record<string, string>;
      env.HOST = ADDRESSES[name]!;
      // The walk's own receiver, inside the namespace.
      env.WEBHOOK_URL = `http://127.0.0.1:${WEBHOOK_PORT}/hooks`;
      env.WEBHOOK_SECRET = webhookSecret;
      env.METRICS_TOKEN = STACK_METRICS_TOKEN;
    }
    services[name] = service;
  }
  return { ...compose, services };
}

/** Each variable compose.yaml gives the apps, and the conditions they wait for. */
function checkComposeShape(compose: Compose) {
  const app = compose.services.app1!;
  const env = app.environment as Record<string, string>;
  for (const name of ["PARTNER_API_BASE_URL", "PARTNER_API_KEY", "APP_SECRET", "REDIS_URL", "DATABASE_URL", "TRUST_PROXY_HOPS"]) {
    check(name in env, `compose.yaml: the apps lack ${name}`);
  }
  check(env.TRUST_PROXY_HOPS === "1", "compose.yaml: TRUST_PROXY_HOPS=1 behind the one proxy");
  check(/^redis:\/\/redis:/.test(env.REDIS_URL ?? ""), "compose.yaml: REDIS_URL names the redis service");
  check(/@postgres:5432\//.test(env.DATABASE_URL ?? ""), "compose.yaml: DATABASE_URL names the postgres service");
  const images = Object.fromEntries(Object.entries(compose.services).map(([name, s]) => [name, s.image]));
  check(
    images.redis === "redis:7" && images.postgres === "postgres:16" && /^(caddy|nginx):/.test(String(images.proxy)),
    `compose.yaml: images ${JSON.stringify(images)}`,
  );
  const waits = (name: string) => Object.entries((compose.services[name]!.depends_on ?? {}) as Record<string, { condition?: string }>);
  for (const [name, deps] of [
    ["app1", ["redis", "postgres", "sandbox"]],
    ["app2", ["redis", "postgres", "sandbox"]],
    ["proxy", ["app1", "app2"]],
  ] as const) {
    for (const dep of deps) {
      check(
        waits(name).some(([d, c]) => d === dep && c.condition === "service_healthy"),
        `compose.yaml: ${name} waits for ${dep} with condition service_healthy`,
      );
    }
  }
}

type Delivery = { type: string; status?: string; swapId?: string; id: string };

function webhookReceiver(secret: string): Promise<{ server: Server; deliveries: Delivery[] }> {
  const verifier = new Webhook(secret);
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const event = verifier.verify(body, req.headers as Record<string, string>) as { type: string; data: { swap: { id: string }; status?: string } };
        deliveries.push({ type: event.type, status: event.data.status, swapId: event.data.swap.id, id: String(req.headers["webhook-id"]) });
        res.writeHead(204).end();
      } catch {
        res.writeHead(400).end("bad signature");
      }
    });
  });
  return new Promise((resolve) => server.listen(WEBHOOK_PORT, "127.0.0.1", () => resolve({ server, deliveries })));
}

async function healthOf(container: string): Promise<boolean> {
  return (await run("podman", ["healthcheck", "run", container], { allowFail: true })).code === 0;
}

async function stackTest(netns: string) {
  const project = "swapdeploytest";
  const work = mkdtempSync(path.join(tmpdir(), "swap-deploy-stack-"));
  const file = path.join(work, "compose.json");
  const composeYaml = path.join(root, "compose.yaml");
  // PyYAML comes with podman-compose: the file is read as podman-compose itself reads it.
  const parsed = JSON.parse(
    (await run("python3", ["-c", "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)", composeYaml])).out,
  ) as Compose;
  checkComposeShape(parsed);
  const webhookSecret = `whsec_${randomBytes(32).toString("base64")}`;
  writeFileSync(file, JSON.stringify(composeForNamespace(parsed, netns, webhookSecret), null, 2));
  // podman-compose 1.0.3 gives every container its project's default network too (`--net
  // <project>_default --network-alias <service>`), even one with a network_mode, which podman
  // refuses; it would also create that network. Its podman here drops both: no network is made.
  // And it runs from the machine's own network namespace (HOST_NETNS, given by test-deploy.sh): runc
  // refuses podman's default network sysctls for a container that joins runc's own namespace.
  const hostNetns = process.env.HOST_NETNS ?? fail("HOST_NETNS: the machine's network namespace (/proc/<pid>/ns/net)");
  const podman = path.join(work, "podman");
  writeFileSync(
    podman,
    [
      "#!/bin/bash",
      'case "$1 $2" in "network exists" | "network create") exit 0 ;; esac',
      "args=()",
      'while [ $# -gt 0 ]; do case "$1" in --net | --network-alias) shift 2 ;; *) args+=("$1"); shift ;; esac; done',
      `exec nsenter --net=${hostNetns} podman "\${args[@]}"`,
      "",
    ].join("\n"),
    { mode: 0o755 },
  );
  const env = { ...process.env, SANDBOX_STEP_SECONDS: "1" };
  const composeArgs = ["--podman-path", podman, "-p", project, "-f", file];
  const compose = (...args: string[]) => run("podman-compose", [...composeArgs, ...args], { env });
  const container = (service: string) => `${project}_${service}_1`;
  const receiver = await webhookReceiver(webhookSecret);
  // What a run that was killed may have left: its containers and volumes go first.
  await run("podman-compose", [...composeArgs, "down", "-v"], { allowFail: true, env });
  const started = Date.now();
  try {
    // podman-compose 1.0.3 starts services in dependency order but does not wait on
    // `condition: service_healthy`: the test does, with each service's own healthcheck.
    for (const wave of [["redis", "postgres", "sandbox"], ["app1", "app2"], ["proxy"]]) {
      await compose("up", "-d", ...wave);
      for (const service of wave) {
        const ms = await until(`${service} healthy (its compose healthcheck)`, 90_000, async () => healthOf(container(service)));
        log(`stack: ${service} healthy after ${(ms / 1000).toFixed(1)} s`);
      }
    }
    log(`stack: up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const proxy = "http://127.0.0.1:8080";
    const instances = ["app1", "app2"].map((name) => `http://${ADDRESSES[name]}:3000`);

    for (const origin of instances) {
      const ready = await http(origin, "/api/ready");
      expectStatus(ready, 200, `${origin}/api/ready`);
      const report = ready.json as Record<string, string>;
      check(report.store === "ok (redis)" && report.ledger === "ok" && !report.appSecret, `${origin}/api/ready: ${JSON.stringify(report)}`);
    }

    let stoppedApp1 = "";
    const result = await walk({
      origin: proxy,
      deposit: { via: "sandbox", origin: "http://127.0.0.1:4010" },
      // A rolling restart's first half: app1 drains and stops while the swap is in flight.
      midway: async () => {
        const stop = await run("podman", ["stop", "-t", "30", container("app1")], { allowFail: true });
        check(stop.code === 0, `podman stop app1: ${stop.out}`);
        stoppedApp1 = (await run("podman", ["inspect", "--format", "{{.State.ExitCode}}", container("app1")])).out.trim();
      },
    });
    check(stoppedApp1 === "0", `app1's exit code after SIGTERM: ${stoppedApp1}`);
    log(
      `stack walk through the proxy: ${result.statuses.join(" → ")} (swap ${result.swapId}, ${(result.ms / 1000).toFixed(1)} s; app1 stopped midway, exit 0)`,
    );

    // app1 back: the swap opens on either instance with its token (one APP_SECRET, one upstream).
    await compose("up", "-d", "app1");
    await until("app1 healthy again", 90_000, async () => healthOf(container("app1")));
    for (const origin of instances) {
      const read = await http(origin, `/api/v1/swap/${result.swapId}`, { headers: { "x-swap-token": result.accessToken } });
      expectStatus(read, 200, `${origin} reading the swap`);
      check((read.json as Swap).status === "completed", `${origin} sees the swap completed`);
    }
    log("stack: the swap opens on both instances with its token");

    // Metrics: each instance its own (both served creations or reads), never through the proxy.
    const scrape = (origin: string) =>
      fetch(`${origin}/api/metrics`, { headers: { authorization: `Bearer ${STACK_METRICS_TOKEN}` }, signal: AbortSignal.timeout(30_000) });
    check((await scrape(proxy)).status === 404, "the proxy serves /api/metrics");
    for (const origin of instances) {
      const res = await scrape(origin);
      const text = await res.text();
      check(res.status === 200 && /^swap_checkout_budget_per_minute \d+/m.test(text), `${origin}/api/metrics: ${res.status} ${text.slice(0, 200)}`);
    }
    log("stack: /api/metrics on each instance with the token, 404 through the proxy");

    // The ledger is Postgres: the swap and its history are there, whichever instance wrote them.
    const sql = `select status from swaps where id = '${result.swapId}'`;
    await until(
      "the swap completed in the ledger (Postgres)",
      60_000,
      async () =>
        (await run("podman", ["exec", container("postgres"), "psql", "-U", "swap", "-d", "swap", "-tAc", sql], { allowFail: true })).out.trim() === "completed",
    );
    // Webhooks: created, then each status change, signed, each event delivered by one instance.
    await until("the webhooks up to completed", 90_000, async () =>
      receiver.deliveries.some((d) => d.swapId === result.swapId && d.type === "swap.status_changed" && d.status === "completed"),
    );
    const mine = receiver.deliveries.filter((d) => d.swapId === result.swapId);
    check(
      mine.some((d) => d.type === "swap.created"),
      "a swap.created webhook",
    );
    // At least once: a repeat keeps its webhook-id (receivers drop what they have seen).
    const events = new Map(mine.map((d) => [d.id, d]));
    log(
      `stack: the swap's row in Postgres says completed; webhooks ${[...events.values()].map((d) => d.status ?? d.type).join(", ")}, signed (${mine.length - events.size} repeated)`,
    );
  } catch (error) {
    for (const service of ["proxy", "app1", "app2", "sandbox", "redis", "postgres"]) {
      const state = (
        await run("podman", ["inspect", "--format", "{{.State.Status}}, exit code {{.State.ExitCode}}, restarts {{.RestartCount}}", container(service)], {
          allowFail: true,
        })
      ).out.trim();
      const logs = (await run("podman", ["logs", "--tail", "40", container(service)], { allowFail: true })).out;
      console.error(`---- ${service}: ${state}\n${logs}`);
    }
    throw error;
  } finally {
    receiver.server.close();
    if (process.env.TEST_DEPLOY_KEEP === "1") return log(`kept the stack: podman-compose ${composeArgs.join(" ")} down -v`);
    await run("podman-compose", [...composeArgs, "down", "-v"], { allowFail: true, env });
    rmSync(work, { recursive: true, force: true });
  }
}

// ---- main -----------------------------------------------------------------------------------------

const [mode, arg] = process.argv.slice(2);
try {
  if (mode === "container" && arg) await containerTest(arg);
  else if (mode === "stack" && arg) await stackTest(arg);
  else fail("usage: tsx scripts/test-deploy.ts container <image> | stack <netns>");
} catch (error) {
  console.error(`test:deploy: FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// Sockets of the walk's fetches may linger; nothing else is pending.
process.exit(0);
