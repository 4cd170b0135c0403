// An app to observe: upstream mode, a metrics token, an in-test OTLP collector and webhook receiver; Prometheus series.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startOtlpReceiver, type OtlpReceiver } from "../support/otlp";
import { startApp, type RunningApp } from "../support/servers";
import { startUpstream, type Upstream } from "./upstream";
import { upstreamModeEnv, type Fixture } from "./fixtures";

export const TOKEN = "metrics-token-for-tests-0123456789";
export const auth = { authorization: `Bearer ${TOKEN}` };

/** Series of a Prometheus text: `name{a="b"} 1` as name, labels and value. */
export type Series = { name: string; labels: Record<string, string>; value: number };

export function parseSeries(text: string): Series[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
      if (!match) throw new Error(`not a series line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of every series of `name` whose labels include `labels`. */
export function total(series: Series[], name: string, labels: Record<string, string> = {}): number {
  return series
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

export type ObservedApp = {
  upstream: Upstream;
  app: RunningApp;
  collector: OtlpReceiver;
  webhooks: Server;
  /** How the webhook receiver answers now. */
  webhookStatus: number;
  /** The traceparent header of each upstream request, in order. */
  upstreamTraceparents: string[];
  /** The upstream answers its next quote (only) with `answer`. */
  failNextQuote: (answer: Response) => void;
};

/** The app in upstream mode behind METRICS_TOKEN, its spans sent to an in-test collector and its webhooks to a receiver. */
export const observedAppFixture = (): Fixture<ObservedApp> => ({
  start: async (running) => {
    running.webhookStatus = 204;
    running.upstreamTraceparents = [];
    const recordTraceparent: Upstream["intercept"] = async (req, next) => {
      running.upstreamTraceparents.push(req.headers.get("traceparent") ?? "");
      return next(req);
    };
    running.failNextQuote = (answer) => {
      running.upstream.intercept = async (req, next) => {
        if (new URL(req.url).pathname !== "/v1/quote") return recordTraceparent!(req, next);
        running.upstream.intercept = recordTraceparent;
        return answer;
      };
    };
    running.collector = await startOtlpReceiver();
    running.webhooks = createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(running.webhookStatus).end());
    });
    await new Promise<void>((resolve) => running.webhooks.listen(0, "127.0.0.1", resolve));
    running.upstream = await startUpstream({ SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000" });
    running.upstream.intercept = recordTraceparent;
    running.app = await startApp({
      ...upstreamModeEnv(running.upstream),
      METRICS_TOKEN: TOKEN,
      // Large enough for the whole file; one client may cause 10 calls a minute (its share).
      PARTNER_RATE_LIMIT_PER_MINUTE: "100000",
      CLIENT_BUDGET_SHARE: "0.0001",
      CLIENT_QUOTES_PER_MINUTE: "1000000",
      CLIENT_SWAPS_PER_MINUTE: "1000000",
      CLIENT_READS_PER_MINUTE: "1000000",
      WEBHOOK_URL: `http://127.0.0.1:${(running.webhooks.address() as AddressInfo).port}/hooks`,
      WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      OTEL_EXPORTER_OTLP_ENDPOINT: running.collector.endpoint,
      OTEL_EXPORTER_OTLP_HEADERS: "x-collector-token=collector-secret",
      OTEL_BSP_SCHEDULE_DELAY: "200",
      OTEL_SERVICE_NAME: "checkout-under-test",
    });
  },
  stop: async (running) => {
    await running.app?.stop();
    await running.upstream?.close();
    await running.collector?.close();
    await new Promise((resolve) => running.webhooks?.close(resolve));
  },
});
