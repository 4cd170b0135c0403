// `npm run widget:sign`, as a partner runs it: what it prints verifies with the widget-config key
// derived from the same APP_SECRET, and a lock that can strand the user gets a warning.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { deriveKey } from "@/lib/config/derive";
import { verifyWidgetConfig } from "@/lib/widget/config-codec";

const APP_SECRET = "widget-sign-test-secret-0123456789-abcdefgh";
const run = promisify(execFile);
const sign = (config: object) =>
  run("node_modules/.bin/tsx", ["scripts/widget-sign.ts", JSON.stringify(config)], { env: { ...process.env, APP_SECRET, WIDGET_CONFIG_KEY: "" } });
const exp = () => Math.floor(Date.now() / 1000) + 3600;

describe("npm run widget:sign", () => {
  it("prints a config that verifies with the key from the same APP_SECRET, and says nothing else", async () => {
    const { stdout, stderr } = await sign({
      exp: exp(),
      externalId: "order-42",
      to: "USDT.tron",
      destination: { address: "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r" },
    });
    const check = verifyWidgetConfig(stdout.trim(), deriveKey(APP_SECRET, "widget-config"));
    expect(check).toMatchObject({ ok: true, config: { externalId: "order-42", to: "USDT.tron" } });
    expect(stderr).toBe("");
  });

  it("warns when the address is locked but the asset it is for is not, and still signs", async () => {
    const { stdout, stderr } = await sign({ exp: exp(), destination: { address: "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r" } });
    expect(stderr).toMatch(/"destination" is locked but "to" is not/);
    expect(verifyWidgetConfig(stdout.trim(), deriveKey(APP_SECRET, "widget-config")).ok).toBe(true);
  });

  it("warns of a config that has already expired, and still signs it", async () => {
    const { stdout, stderr } = await sign({ exp: Math.floor(Date.now() / 1000) - 60, externalId: "order-42" });
    expect(stderr).toMatch(/"exp" \(.*\) is already past: the widget will refuse this config as expired/);
    expect(stdout.trim()).not.toBe("");
  });

  it('says what form an asset takes when "to" is given as an object', async () => {
    const failed = await sign({ exp: exp(), to: { network: "tron", token: "USDT" } }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/"SYMBOL\.network", e\.g\. "USDT\.tron"[\s\S]*→ at to/);
  });
});
