// `npm run sandbox`: the Partner Swap API simulator alone over HTTP, for contract tests and for
// partners who integrate against it. Knobs: SANDBOX_* (docs/configuration.md).
import { join } from "node:path";
import { z } from "zod";
import { createSandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { serveHandler } from "@/lib/sandbox/serve";

const env = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65_535).default(4010),
  SANDBOX_HOST: z.string().default("127.0.0.1"),
});
const parsed = sandboxEnvSchema.safeParse(process.env);
const listen = env.safeParse(process.env);
if (!parsed.success || !listen.success) {
  console.error("The sandbox's configuration is invalid:\n" + z.prettifyError((parsed.error ?? listen.error)!));
  process.exit(1);
}

const sandbox = createSandbox(parsed.data);
const { origin } = await serveHandler(sandbox.handle, {
  host: listen.data.SANDBOX_HOST,
  port: listen.data.SANDBOX_PORT,
  publicDir: join(import.meta.dirname, "..", "public"),
});
console.log(
  `Sandbox Partner Swap API on ${origin}/v1 (key ${parsed.data.apiKey === "lsk_test_sandbox" ? "lsk_test_sandbox" : "from SANDBOX_API_KEY"}, ${parsed.data.rateLimitPerMinute}/min)`,
);
