// test:deploy's walk, the same for the image alone and for the stack: assets → quote → swap →
// deposit → completed over HTTP, with the Idempotency-Key replayed once.
import { randomUUID } from "node:crypto";
import { check, expectStatus, http, until } from "./support";

const TRON_ADDRESS = "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD";
const SANDBOX_KEY = "lsk_test_sandbox";

export type Swap = { id: string; status: string; deposit?: { address?: string } };
type WalkOptions = {
  origin: string;
  /** How the deposit is simulated: the app's own control (embedded sandbox), or the sandbox service's. */
  deposit: { via: "app" } | { via: "sandbox"; origin: string };
  /** Called once while the swap is in flight (the stack stops an instance then). */
  midway?: () => Promise<void>;
};
type WalkResult = { swapId: string; accessToken: string; statuses: string[]; ms: number };

export async function walk(options: WalkOptions): Promise<WalkResult> {
  const started = Date.now();
  const { origin } = options;
  const health = await http(origin, "/api/health");
  expectStatus(health, 200, "GET /api/health");
  const ready = await http(origin, "/api/ready");
  expectStatus(ready, 200, `GET /api/ready`);

  const assets = await http(origin, "/api/v1/assets");
  expectStatus(assets, 200, "GET /api/v1/assets");
  const list = (
    assets.json as { assets: Array<{ symbol: string; network: string; canSend: boolean; canReceive: boolean }> }
  ).assets;
  check(
    list.some((a) => a.symbol === "BTC" && a.network === "bitcoin" && a.canSend),
    "the assets list BTC on bitcoin",
  );
  check(
    list.some((a) => a.symbol === "USDT" && a.network === "tron" && a.canReceive),
    "the assets list USDT on tron",
  );

  const address = await http(origin, "/api/v1/address", {
    body: { network: "tron", token: "USDT", address: TRON_ADDRESS },
  });
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
  check(
    created.status === 200 || created.status === 201,
    `POST /api/v1/swap: ${created.status} ${JSON.stringify(created.json).slice(0, 400)}`,
  );
  const { swap, accessToken } = created.json as { swap: Swap; accessToken: string };
  check(
    swap.status === "waiting_deposit" && swap.deposit?.address,
    `a new swap waits for its deposit (got ${swap.status})`,
  );
  // A retried click: the same answer, no second swap.
  const replay = await http(origin, "/api/v1/swap", { body: swapBody, headers: { "idempotency-key": key } });
  check(
    replay.headers.get("idempotent-replayed") === "true" && (replay.json as { swap: Swap }).swap.id === swap.id,
    "the same Idempotency-Key gets the same swap back",
  );

  const deposited =
    options.deposit.via === "app"
      ? await http(origin, `/api/sandbox/swaps/${swap.id}/deposit`, {
          body: {},
          headers: { "x-swap-token": accessToken },
        })
      : await http(options.deposit.origin, `/sandbox/swaps/${swap.id}/deposit`, {
          body: {},
          headers: { "x-api-key": SANDBOX_KEY },
        });
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
