// The widget's events go only to the origins allowed to frame it: each message is posted with one
// allowed origin as its target (the browser then delivers it only to a parent of that origin), and
// never with "*". A stand-in window records what would be posted.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createWidgetMessenger } from "@/lib/checkout/widget-messenger";

type Posted = { message: unknown; targetOrigin: string };

function framedIn(origin: string): Posted[] {
  const posted: Posted[] = [];
  const parent = { postMessage: (message: unknown, targetOrigin: string) => void posted.push({ message, targetOrigin }) };
  vi.stubGlobal("window", { parent, location: { origin } });
  return posted;
}

afterEach(() => vi.unstubAllGlobals());

describe("the widget's messenger", () => {
  it("posts each event once to every allowed origin and to its own, never to '*'", () => {
    const posted = framedIn("https://checkout.example");
    createWidgetMessenger(["https://shop.example", "https://other-shop.example"])("status", { id: "ABCDEFGHJK23", status: "processing" });
    expect(posted.map((p) => p.targetOrigin).sort()).toEqual(["https://checkout.example", "https://other-shop.example", "https://shop.example"]);
    for (const { message } of posted)
      expect(message).toEqual({ source: "swap-checkout", type: "status", payload: { id: "ABCDEFGHJK23", status: "processing" } });
  });

  it("with no allowed origins, posts only to its own origin", () => {
    const posted = framedIn("https://checkout.example");
    createWidgetMessenger([])("ready", {});
    expect(posted.map((p) => p.targetOrigin)).toEqual(["https://checkout.example"]);
  });

  it("posts nothing when it is not framed", () => {
    const posted: Posted[] = [];
    const self: Record<string, unknown> = { location: { origin: "https://checkout.example" } };
    self.parent = self;
    (self as { postMessage?: unknown }).postMessage = (message: unknown, targetOrigin: string) => void posted.push({ message, targetOrigin });
    vi.stubGlobal("window", self);
    createWidgetMessenger(["https://shop.example"])("ready", {});
    expect(posted).toEqual([]);
  });
});
