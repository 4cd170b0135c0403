// A swap made the way the checkout makes one (a quote, then the swap, through the BFF's public API),
// for the scripts that open a real swap page: its path with the buyer's token, as in the saved link.

async function post(origin: string, route: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** `/swap/{id}#t=…` of a new 0.01 BTC → USDT (Tron) swap on the app at `origin`, waiting for its deposit. */
export async function newSwapPath(origin: string): Promise<string> {
  const quote = await post(origin, "/api/v1/quote", {
    from: { network: "bitcoin", token: "BTC", amount: "0.01" },
    to: { network: "tron", token: "USDT" },
  });
  const created = (await post(
    origin,
    "/api/v1/swap",
    { quoteId: quote.id, destination: { address: "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD" } },
    { "idempotency-key": crypto.randomUUID() },
  )) as { swap: { id: string }; accessToken: string };
  return `/swap/${created.swap.id}#t=${created.accessToken}`;
}
