// `npm run widget:sign`, as a partner runs it: what it prints verifies with the widget-config key
// derived from the same APP_SECRET, and a lock that can strand the user gets a warning.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { deriveKey } from "@/lib/config/derive";
import { signWidgetConfig, verifyWidgetConfig } from "@/lib/widget/config-codec";

const APP_SECRET = "widget-sign-test-secret-0123456789-abcdefgh";
const run = promisify(execFile);
const sign = (config: object, env: Record<string, string> = {}) =>
  run("node_modules/.bin/tsx", ["scripts/widget-sign.ts", JSON.stringify(config)], {
    env: { ...process.env, APP_SECRET, WIDGET_CONFIG_KEY: "", ...env },
  });
const key = () => deriveKey(APP_SECRET, "widget-config");
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
    const { stdout, stderr } = await sign({
      exp: exp(),
      destination: { address: "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r" },
    });
    expect(stderr).toMatch(/"destination" is locked but "to" is not/);
    expect(verifyWidgetConfig(stdout.trim(), deriveKey(APP_SECRET, "widget-config")).ok).toBe(true);
  });

  it("warns of a config that has already expired, and still signs it", async () => {
    const { stdout, stderr } = await sign({ exp: Math.floor(Date.now() / 1000) - 60, externalId: "order-42" });
    expect(stderr).toMatch(/"exp" \(.*\) is already past: the widget will refuse this config as expired/);
    expect(stdout.trim()).not.toBe("");
  });

  it("refuses a locked address whose asset names no network, which would let the payout go out on another chain", async () => {
    const evm = "0x52908400098527886E0F7030069857D2E4169EE7";
    const failed = await sign({ exp: exp(), to: "USDT", destination: { address: evm } }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(
      /names no network, and "destination" is locked: write it as "SYMBOL\.network"/,
    );
    // A config made by hand the same way is refused by the server too, not trusted as a lock.
    const forged = Buffer.from(JSON.stringify({ exp: exp(), to: "USDT", destination: { address: evm } })).toString(
      "base64url",
    );
    const { createHmac } = await import("node:crypto");
    const handMade = `${forged}.${createHmac("sha256", key()).update(forged).digest("base64url")}`;
    expect(verifyWidgetConfig(handMade, key())).toEqual({ ok: false, reason: "invalid" });
    expect(() => signWidgetConfig({ exp: exp(), to: "USDT", destination: { address: evm } }, key())).toThrow();
    // With the network named it signs; a symbol alone without a locked address signs with a warning.
    const named = await sign({ exp: exp(), to: "USDT.ethereum", destination: { address: evm } });
    expect(named.stderr).toBe("");
    const loose = await sign({ exp: exp(), to: "USDT" });
    expect(loose.stderr).toMatch(/"to" \(USDT\) names no network, so it locks the token only/);
    expect(verifyWidgetConfig(loose.stdout.trim(), key()).ok).toBe(true);
  });

  it("says how to capture the key when WIDGET_CONFIG_KEY holds npm's banner with it", async () => {
    const banner = `\n> swap-checkout@0.1.0 widget:key\n> tsx scripts/widget-key.ts\n\n${key().toString("hex")}`;
    const failed = await sign({ exp: exp() }, { WIDGET_CONFIG_KEY: banner }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/npm run -s/);
    const ok = await sign({ exp: exp() }, { WIDGET_CONFIG_KEY: `${key().toString("hex")}\n` });
    expect(verifyWidgetConfig(ok.stdout.trim(), key()).ok).toBe(true);
  });

  it('says what form an asset takes when "to" is given as an object', async () => {
    const failed = await sign({ exp: exp(), to: { network: "tron", token: "USDT" } }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/"SYMBOL\.network", e\.g\. "USDT\.tron"[\s\S]*→ at to/);
  });
});
