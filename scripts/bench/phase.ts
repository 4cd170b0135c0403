// One phase of a polling scenario (scripts/bench/polling.ts): one contender, the BFF or the naive
// pass-through, in front of its own fresh standalone sandbox, with the scenario's browsers,
// shoppers and deposits; what it cost the key and what the browsers saw.
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { header } from "./http";
import { DESTINATION, QUOTE_BODY, prng, type BenchOptions } from "./options";
import { ipOf, newBrowser, statusRank, terminal, type Browser } from "./phase-browser";
import { startContender } from "./phase-start";
import { spread } from "./stats";
import { summarizeUpstream } from "./upstream";
import { sleep } from "@/lib/timing";
import type { Contender, ContenderResult } from "./polling";

/** "Within 3 minutes of the restart": changes made this early in a phase are also reported apart. */
const EARLY_MS = 3 * 60_000;

/** A refused answer in a few words: its status, and for a 429 the budget class that refused it. */
function refusalReason(answer: { status: number; body: string }): string {
  if (answer.status !== 429) return String(answer.status || "no answer");
  try {
    const details = (JSON.parse(answer.body) as { error?: { details?: { budget?: string; limit?: string } } }).error
      ?.details;
    return `429 ${details?.budget ? `budget ${details.budget}` : details?.limit ? `limit ${details.limit}` : ""}`.trim();
  } catch {
    return "429";
  }
}

export async function runPhase(
  n: number,
  contender: Contender,
  o: BenchOptions,
  log: (line: string) => void,
): Promise<ContenderResult> {
  const S = o.BENCH_TIME_SCALE;
  const real = (sandboxMs: number) => sandboxMs / S;
  const minutes = contender === "bff" ? o.BENCH_MINUTES : o.BENCH_NAIVE_MINUTES;
  const warmupMinutes = contender === "bff" ? o.BENCH_WARMUP_MINUTES : o.BENCH_NAIVE_WARMUP_MINUTES;
  const durationMs = minutes * 60_000;
  const pollMs = o.BENCH_POLL_SECONDS * 1000;
  const stepMs = o.BENCH_STEP_SECONDS * 1000;
  // The same draws for both phases of a scenario: the same browsers start at the same moments.
  const random = prng(o.BENCH_SEED + n);
  const loadStart = loadavg()[0]!;

  const { upstream, ids, app, naive, origin, client, tokenOf, warmSeconds } = await startContender(
    n,
    contender,
    o,
    log,
  );
  const firstCall = upstream.calls.length;

  const browsers: Browser[] = ids.map((id, i) => newBrowser(ipOf(1, i), id, app ? tokenOf(id) : null));
  const clockAtStart = upstream.sandbox.clock.now();
  const from = clockAtStart + warmupMinutes * 60_000;
  const to = clockAtStart + durationMs;
  const t = {
    polls: 0,
    answered: 0,
    refusedPolls: 0,
    failedPolls: 0,
    failedCodes: {} as Record<string, number>,
    retriedPolls: 0,
    ages: [] as number[],
    pollsWithoutStatus: 0,
    latencies: [] as number[],
    quotes: { tried: 0, refused: 0, why: {} as Record<string, number> },
    creations: { tried: 0, refused: 0, why: {} as Record<string, number> },
    changeSeen: [] as number[],
    changeSeenEarly: [] as number[],
    depositSeen: [] as number[],
    stepSeen: [] as number[],
    asOfChecked: { answers: 0, older: 0 },
  };

  let stopped = false;
  const pending = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
    return p;
  };

  function noteShown(b: Browser, status: string, sandboxNow: number) {
    const rank = statusRank[status] ?? 0;
    if (b.depositAt !== null) {
      for (let k = b.seenRank + 1; k <= rank; k++) {
        const changedAt = b.depositAt + (k - 1) * stepMs;
        if (changedAt > sandboxNow) continue;
        t.changeSeen.push((sandboxNow - changedAt) / 1000);
        (k === 1 ? t.depositSeen : t.stepSeen).push((sandboxNow - changedAt) / 1000);
        if (changedAt - clockAtStart <= EARLY_MS) t.changeSeenEarly.push((sandboxNow - changedAt) / 1000);
      }
    }
    b.seenRank = Math.max(b.seenRank, rank);
  }

  async function pollOnce(b: Browser) {
    const headers: Record<string, string> = { "x-forwarded-for": b.ip };
    if (b.token) headers["x-swap-token"] = b.token;
    let answer = await client.send(`${origin}/api/v1/swap/${b.id}`, { headers });
    // A kept-alive connection the server has just closed: browsers send an idempotent GET again.
    if (answer.status === 0 && answer.error !== "timeout") {
      t.retriedPolls++;
      answer = await client.send(`${origin}/api/v1/swap/${b.id}`, { headers });
    }
    const realNow = Date.now();
    const sandboxNow = upstream.sandbox.clock.now();
    b.firstPollAt ??= realNow - answer.ms;
    if (answer.status === 200) {
      let status: string;
      try {
        status = (JSON.parse(answer.body) as { status: string }).status;
      } catch {
        throw new Error(`${contender} answered 200 with a body that is not JSON: ${answer.body.slice(0, 200)}`);
      }
      const asOf = Date.parse(header(answer, "x-status-as-of") ?? "");
      if (!Number.isFinite(asOf)) throw new Error(`${contender} answered a status without x-status-as-of`);
      if (b.depositAt !== null && statusRank[status] !== undefined) {
        // The swap's status at the answer's as-of, from what the bench did to it (sandbox ms).
        const at = sandboxNow - (realNow - asOf) * S - 1_000;
        const had = at < b.depositAt ? 0 : Math.min(3, 1 + Math.floor((at - b.depositAt) / stepMs));
        t.asOfChecked.answers++;
        if (statusRank[status]! < had) t.asOfChecked.older++;
      }
      if (!b.shown || asOf >= b.shown.asOf) b.shown = { status, asOf };
      noteShown(b, b.shown.status, sandboxNow);
      if (terminal.has(b.shown.status)) b.done = true;
    }
    if (sandboxNow < from || sandboxNow >= to) return;
    t.polls++;
    t.latencies.push(answer.ms);
    if (answer.status === 200) t.answered++;
    else if (answer.status === 429) t.refusedPolls++;
    else {
      t.failedPolls++;
      t.failedCodes[answer.status] = (t.failedCodes[answer.status] ?? 0) + 1;
    }
    if (b.shown) t.ages.push(((realNow - b.shown.asOf) / 1000) * S);
    else {
      t.pollsWithoutStatus++;
      t.ages.push(((realNow - b.firstPollAt) / 1000) * S);
    }
  }

  async function browse(b: Browser, startInMs: number) {
    await sleep(startInMs);
    while (!stopped && !b.done) {
      await track(pollOnce(b));
      // SWR's refreshInterval: the next poll is scheduled when this one has answered.
      if (!stopped && !b.done) await sleep(real(pollMs));
    }
  }

  // Shoppers: quotes spread evenly over the phase; some go on to create a swap (after 2 s of
  // thought) and then become browsers polling it.
  async function shop(index: number, creates: boolean) {
    const ip = ipOf(2, index);
    const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
      client.send(`${origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip, ...extra },
        body: JSON.stringify(body),
      });
    const refuse = (why: string) => {
      t.creations.refused++;
      t.creations.why[why] = (t.creations.why[why] ?? 0) + 1;
    };
    t.quotes.tried++;
    if (creates) t.creations.tried++;
    const quote = await post("/api/v1/quote", QUOTE_BODY);
    if (quote.status !== 200) {
      t.quotes.refused++;
      const why = refusalReason(quote);
      t.quotes.why[why] = (t.quotes.why[why] ?? 0) + 1;
      if (creates) refuse(`quote ${quote.status}`);
      return;
    }
    if (!creates) return;
    await sleep(real(2_000));
    const quoteId = (JSON.parse(quote.body) as { id: string }).id;
    const created = await post(
      "/api/v1/swap",
      { quoteId, destination: { address: DESTINATION } },
      { "idempotency-key": randomUUID() },
    );
    if (created.status !== 200) return refuse(`swap ${created.status}`);
    const body = JSON.parse(created.body) as { swap?: { id: string }; accessToken?: string; id?: string };
    const browser = newBrowser(ip, body.swap?.id ?? body.id!, body.accessToken ?? null);
    browsers.push(browser);
    if (!stopped) void browse(browser, real(pollMs));
  }

  const quoteCount = Math.floor(o.BENCH_QUOTES_PER_MINUTE * minutes);
  const creationShare =
    o.BENCH_QUOTES_PER_MINUTE > 0 ? Math.min(1, o.BENCH_SWAPS_PER_MINUTE / o.BENCH_QUOTES_PER_MINUTE) : 0;
  const quoteEveryMs = quoteCount > 0 ? durationMs / quoteCount : 0;
  const starts = Array.from({ length: n }, () => random() * pollMs);
  const quoteOffset = random() * quoteEveryMs;
  // Deposits: evenly over [0.5 min, end − 0.5 min], into distinct seeded swaps.
  const depositCount = Math.min(n, Math.max(0, Math.round(o.BENCH_DEPOSITS_PER_MINUTE * (minutes - 1))));
  const depositIndexes: number[] = [];
  const chosen = new Set<number>();
  while (depositIndexes.length < depositCount) {
    const i = Math.floor(random() * n);
    if (!chosen.has(i)) {
      depositIndexes.push(i);
      chosen.add(i);
    }
  }

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const name = contender === "bff" ? "this BFF" : "naive pass-through";
  log(
    `  N=${n}, ${name}: ${n} browsers, ${quoteCount} quotes (${Math.round(quoteCount * creationShare)} with a swap), ${depositCount} deposits, ${minutes} min${S === 1 ? "" : ` (${(minutes / S).toFixed(1)} real)`}`,
  );

  const timers: ReturnType<typeof setTimeout>[] = [];
  browsers.forEach((b, i) => void browse(b, real(starts[i]!)));
  for (let q = 0; q < quoteCount; q++) {
    const creates = Math.floor((q + 1) * creationShare) > Math.floor(q * creationShare);
    timers.push(setTimeout(() => void track(shop(q, creates)), real(quoteOffset + q * quoteEveryMs)));
  }
  depositIndexes.forEach((i, k) => {
    const at = 30_000 + (depositCount > 1 ? (k * (durationMs - 60_000)) / (depositCount - 1) : 0);
    timers.push(
      setTimeout(() => {
        const b = browsers[i]!;
        b.depositAt = upstream.sandbox.clock.now();
        void upstream
          .control(`/sandbox/swaps/${b.id}/deposit`, {})
          .catch((error: unknown) => log(`  deposit failed: ${String(error)}`));
      }, real(at)),
    );
  });

  const progress = setInterval(
    () => {
      const calls = upstream.calls.slice(firstCall);
      const pages = calls.filter((c) => c.route === "GET /swap (list)").length;
      log(
        `    … ${calls.length} upstream (${pages} list pages), ${calls.filter((c) => c.status === 429).length} × 429, ${t.refusedPolls} polls refused, ${client.inflight()} in flight`,
      );
    },
    Math.max(15_000, real(60_000)),
  );

  await sleep(real(durationMs));
  stopped = true;
  timers.forEach(clearTimeout);
  clearInterval(progress);
  // Let answers already on their way arrive (they fall outside the window), then stop everything.
  const drainUntil = Date.now() + 30_000;
  while (pending.size > 0 && Date.now() < drainUntil) await sleep(100);
  loopDelay.disable();

  const bffLogs = app?.logs() ?? "";
  const appEndedEarly = app?.exited() ?? null;
  const step = async (what: string, action: () => Promise<void>) => {
    const slow = setTimeout(() => log(`  (still waiting for ${what} to stop)`), 10_000);
    await action();
    clearTimeout(slow);
  };
  if (app) await step("the app", app.stop);
  if (naive) await step("the naive pass-through", naive.close);
  client.close();
  await step("the sandbox", upstream.close);

  let unseen = 0;
  for (const b of browsers) {
    if (b.depositAt === null) continue;
    // Changes in the last two poll intervals may fairly be unseen yet.
    for (let k = b.seenRank + 1; k <= 3; k++) if (b.depositAt + (k - 1) * stepMs < to - 2 * pollMs) unseen++;
  }
  return {
    contender,
    minutes,
    warmupMinutes,
    browsers: browsers.length,
    upstream: summarizeUpstream(upstream.calls.slice(firstCall), from, to),
    polls: t.polls,
    answered: t.answered,
    refusedPolls: t.refusedPolls,
    failedPolls: t.failedPolls,
    failedCodes: t.failedCodes,
    retriedPolls: t.retriedPolls,
    neverShown: browsers.filter((b) => b.firstPollAt !== null && !b.shown).length,
    age: spread(t.ages),
    asOfChecked: t.asOfChecked,
    pollsWithoutStatus: t.pollsWithoutStatus,
    latencyMs: spread(t.latencies),
    quotes: t.quotes,
    creations: t.creations,
    deposits: depositCount,
    changeSeen: spread(t.changeSeen),
    changeSeenEarly: spread(t.changeSeenEarly),
    depositSeen: spread(t.depositSeen),
    stepSeen: spread(t.stepSeen),
    changesUnseen: unseen,
    warmSeconds,
    eventLoopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    loadAverage: { start: loadStart, end: loadavg()[0]! },
    appEndedEarly,
    ...(app
      ? {
          bffLog: {
            upstream429Warnings: bffLogs.split("upstream answered 429").length - 1,
            sweepsStoppedEarly: bffLogs.split("sweep stopped early").length - 1,
            syncPhase: bffLogs.split("\n").filter((line) => line.includes("the list's syncs")),
            tail: bffLogs.split("\n").slice(-20).join("\n"),
          },
        }
      : {}),
  };
}
