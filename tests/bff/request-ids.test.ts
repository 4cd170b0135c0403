// Which request id reaches the upstream: only ours. A client's own x-request-id comes back to it
// (DESIGN) and stays in our logs, but the partner service files our calls under ids we minted, and
// the log ties the two together.
import { describe, expect, it } from "vitest";
import { call } from "./requests";
import { btcToUsdtTron, checkTronAddress, createSwap, postQuote, quote, swapBody } from "./checkout";
import { NO_LIMITS, upstreamApp } from "./fixtures";

const OURS = /^req_[0-9a-f]{32}$/;

describe("request ids upstream", () => {
  const running = upstreamApp(NO_LIMITS);

  /**
   * Runs `act` and returns every x-request-id the upstream received meanwhile for a request, not
   * for the ledger's and the status sweep's own rounds (ledger-…, sweep-…: ours too).
   */
  async function idsUpstream(act: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    running.upstream.intercept = async (req, next) => {
      const id = req.headers.get("x-request-id") ?? "(none)";
      if (!/^(ledger|sweep)-[0-9a-f]{8}\b/.test(id)) seen.push(id);
      return next(req);
    };
    try {
      await act();
    } finally {
      running.upstream.intercept = null;
    }
    return seen;
  }

  it("sends a request id of ours upstream when the client chose its own, echoes the client's, and logs the link", async () => {
    const chosen = "client-chosen-id.0001";
    let echoed: string | undefined;
    const seen = await idsUpstream(async () => {
      const res = await postQuote(running.app.origin, btcToUsdtTron("0.0123"), { headers: { "x-request-id": chosen } });
      expect(res.status, res.raw).toBe(200);
      echoed = res.header("x-request-id");
    });
    expect(echoed).toBe(chosen);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).not.toContain(chosen);
    for (const id of seen) expect(id).toMatch(OURS);
    // One id for the request's calls, and one line that says whose it is.
    expect(new Set(seen).size).toBe(1);
    expect(running.app.logs()).toContain(`${chosen} goes upstream as ${seen[0]}`);
  });

  it("sends the id it minted itself upstream as it is, when the client sent none or an insane one", async () => {
    const asked: Array<Record<string, string>> = [{}, { "x-request-id": "has spaces in it" }];
    for (const [i, headers] of asked.entries()) {
      let answered: string | undefined;
      // An address not checked before: its check goes upstream.
      const seen = await idsUpstream(async () => {
        const res = await checkTronAddress(running.app.origin, `T${String(i).padStart(33, "x")}`, { headers });
        expect(res.status, res.raw).toBe(200);
        answered = res.header("x-request-id");
      });
      expect(answered).toMatch(OURS);
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen)).toEqual(new Set([answered]));
      expect(running.app.logs()).not.toContain(`${answered} goes upstream`);
    }
  });

  it("takes no upstream id from the client, whatever internal header it forges", async () => {
    const forged = {
      "x-request-id": "client-chosen-id.0002",
      "x-swap-upstream-request-id": "forged-upstream-id",
      "x-swap-request-id-proof": "guessed-proof-000000000000000000000000000000000",
    };
    const q = await quote(running.app.origin);
    const seen = await idsUpstream(async () => {
      const res = await createSwap(running.app.origin, swapBody(q.id), crypto.randomUUID(), { headers: forged });
      expect(res.status, res.raw).toBe(200);
      const status = await call(running.app.origin, `/api/v1/swap/${(res.json as { swap: { id: string } }).swap.id}`, {
        headers: { ...forged, "x-swap-token": (res.json as { accessToken: string }).accessToken },
      });
      expect(status.status, status.raw).toBe(200);
    });
    expect(seen.length).toBeGreaterThan(0);
    for (const id of seen) expect(id).toMatch(OURS);
  });
});
