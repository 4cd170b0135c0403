// test:deploy's `stack <netns>`: compose.yaml under podman-compose in a network namespace of its own:
// the walk through the proxy with one instance stopped midway, the swap on each instance, metrics
// per instance, the ledger in Postgres, and webhooks signed and delivered once per event.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import {
  ADDRESSES,
  checkComposeShape,
  composeForNamespace,
  STACK_METRICS_TOKEN,
  WEBHOOK_PORT,
  type Compose,
} from "./compose";
import { check, expectStatus, fail, http, log, root, run, until } from "./support";
import { walk, type Swap } from "./walk";

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
        const event = verifier.verify(body, req.headers as Record<string, string>) as {
          type: string;
          data: { swap: { id: string }; status?: string };
        };
        deliveries.push({
          type: event.type,
          status: event.data.status,
          swapId: event.data.swap.id,
          id: String(req.headers["webhook-id"]),
        });
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

export async function stackTest(netns: string) {
  const project = "swapdeploytest";
  const work = mkdtempSync(path.join(tmpdir(), "swap-deploy-stack-"));
  const file = path.join(work, "compose.json");
  const composeYaml = path.join(root, "compose.yaml");
  // PyYAML comes with podman-compose: the file is read as podman-compose itself reads it.
  const parsed = JSON.parse(
    (
      await run("python3", [
        "-c",
        "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)",
        composeYaml,
      ])
    ).out,
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
        const ms = await until(`${service} healthy (its compose healthcheck)`, 90_000, async () =>
          healthOf(container(service)),
        );
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
      check(
        report.store === "ok (redis)" && report.ledger === "ok" && !report.appSecret,
        `${origin}/api/ready: ${JSON.stringify(report)}`,
      );
    }

    let stoppedApp1 = "";
    const result = await walk({
      origin: proxy,
      deposit: { via: "sandbox", origin: "http://127.0.0.1:4010" },
      // A rolling restart's first half: app1 drains and stops while the swap is in flight.
      midway: async () => {
        const stop = await run("podman", ["stop", "-t", "30", container("app1")], { allowFail: true });
        check(stop.code === 0, `podman stop app1: ${stop.out}`);
        stoppedApp1 = (
          await run("podman", ["inspect", "--format", "{{.State.ExitCode}}", container("app1")])
        ).out.trim();
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
      const read = await http(origin, `/api/v1/swap/${result.swapId}`, {
        headers: { "x-swap-token": result.accessToken },
      });
      expectStatus(read, 200, `${origin} reading the swap`);
      check((read.json as Swap).status === "completed", `${origin} sees the swap completed`);
    }
    log("stack: the swap opens on both instances with its token");

    // Metrics: each instance its own (both served creations or reads), never through the proxy.
    const scrape = (origin: string) =>
      fetch(`${origin}/api/metrics`, {
        headers: { authorization: `Bearer ${STACK_METRICS_TOKEN}` },
        signal: AbortSignal.timeout(30_000),
      });
    check((await scrape(proxy)).status === 404, "the proxy serves /api/metrics");
    for (const origin of instances) {
      const res = await scrape(origin);
      const text = await res.text();
      check(
        res.status === 200 && /^swap_checkout_budget_per_minute \d+/m.test(text),
        `${origin}/api/metrics: ${res.status} ${text.slice(0, 200)}`,
      );
    }
    log("stack: /api/metrics on each instance with the token, 404 through the proxy");

    // The ledger is Postgres: the swap and its history are there, whichever instance wrote them.
    const sql = `select status from swaps where id = '${result.swapId}'`;
    await until(
      "the swap completed in the ledger (Postgres)",
      60_000,
      async () =>
        (
          await run("podman", ["exec", container("postgres"), "psql", "-U", "swap", "-d", "swap", "-tAc", sql], {
            allowFail: true,
          })
        ).out.trim() === "completed",
    );
    // Webhooks: created, then each status change, signed, each event delivered by one instance.
    await until("the webhooks up to completed", 90_000, async () =>
      receiver.deliveries.some(
        (d) => d.swapId === result.swapId && d.type === "swap.status_changed" && d.status === "completed",
      ),
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
        await run(
          "podman",
          [
            "inspect",
            "--format",
            "{{.State.Status}}, exit code {{.State.ExitCode}}, restarts {{.RestartCount}}",
            container(service),
          ],
          {
            allowFail: true,
          },
        )
      ).out.trim();
      const logs = (await run("podman", ["logs", "--tail", "40", container(service)], { allowFail: true })).out;
      console.error(`---- ${service}: ${state}\n${logs}`);
    }
    throw error;
  } finally {
    receiver.server.close();
    if (process.env.TEST_DEPLOY_KEEP === "1")
      return log(`kept the stack: podman-compose ${composeArgs.join(" ")} down -v`);
    await run("podman-compose", [...composeArgs, "down", "-v"], { allowFail: true, env });
    rmSync(work, { recursive: true, force: true });
  }
}
