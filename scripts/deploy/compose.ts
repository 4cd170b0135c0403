// compose.yaml as test:deploy's stack runs it: its expected shape (variables, images, healthy
// dependencies), and the same file rewritten for one network namespace with loopback addresses.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { check, root } from "./support";

type Service = Record<string, unknown> & { environment?: Record<string, string> | string[]; volumes?: string[] };
export type Compose = { services: Record<string, Service> } & Record<string, unknown>;

// Inside the stack's own network namespace every service shares one loopback: each name is an
// address there, and the two app instances (both on port 3000) get addresses of their own.
export const ADDRESSES: Record<string, string> = {
  proxy: "127.0.0.1",
  redis: "127.0.0.1",
  postgres: "127.0.0.1",
  sandbox: "127.0.0.1",
  app1: "127.0.0.2",
  app2: "127.0.0.3",
};
export const WEBHOOK_PORT = 4020;
export const STACK_METRICS_TOKEN = randomBytes(24).toString("base64url");

/** compose.yaml as podman-compose runs it here: the same services, images, commands, variables,
 *  healthchecks and volumes; only the network is the namespace's, and the ports are not published. */
export function composeForNamespace(compose: Compose, netns: string, webhookSecret: string): Compose {
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
export function checkComposeShape(compose: Compose) {
  const app = compose.services.app1!;
  const env = app.environment as Record<string, string>;
  for (const name of [
    "PARTNER_API_BASE_URL",
    "PARTNER_API_KEY",
    "APP_SECRET",
    "REDIS_URL",
    "DATABASE_URL",
    "TRUST_PROXY_HOPS",
  ]) {
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
  const waits = (name: string) =>
    Object.entries((compose.services[name]!.depends_on ?? {}) as Record<string, { condition?: string }>);
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
