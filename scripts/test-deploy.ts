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
// The parts live in scripts/deploy/: support.ts, walk.ts, container.ts, compose.ts and stack.ts.
import { containerTest } from "./deploy/container";
import { stackTest } from "./deploy/stack";
import { fail } from "./deploy/support";

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
