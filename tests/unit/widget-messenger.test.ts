// The widget's events go only to the origins allowed to frame it, never with "*": to the parent's
// own origin where the browser names it (location.ancestorOrigins) and it is allowed, else once per
// allowed origin (the browser then delivers only the one that matches). A stand-in window records
// what would be posted.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createWidgetMessenger } from "@/lib/client/widget-messenger";

type Posted = { message: unknown; targetOrigin: string };

/** `parentOrigin`: what location.ancestorOrigins names (undefined: a browser without it, Firefox). */
function framedIn(origin: string, parentOrigin?: string): Posted[] {
  const posted: Posted[] = [];
  const parent = {
    postMessage: (message: unknown, targetOrigin: string) => void posted.push({ message, targetOrigin }),
  };
  const ancestorOrigins = parentOrigin === undefined ? undefined : [parentOrigin];
  vi.stubGlobal("window", { parent, location: { origin, ancestorOrigins } });
  return posted;
}

afterEach(() => vi.unstubAllGlobals());

describe("the widget's messenger", () => {
  it("posts each event once to every allowed origin and to its own, never to '*'", () => {
    const posted = framedIn("https://checkout.example");
    createWidgetMessenger(["https://shop.example", "https://other-shop.example"])("status", {
      id: "ABCDEFGHJK23",
      status: "processing",
    });
    expect(posted.map((p) => p.targetOrigin).sort()).toEqual([
      "https://checkout.example",
      "https://other-shop.example",
      "https://shop.example",
    ]);
    for (const { message } of posted)
      expect(message).toEqual({
        source: "swap-checkout",
        type: "status",
        payload: { id: "ABCDEFGHJK23", status: "processing" },
      });
  });

  it("where the browser names the parent's origin, posts once to it when it is allowed, and nothing when it is not", () => {
    const allowed = ["https://shop.example", "https://other-shop.example"];
    const toShop = framedIn("https://checkout.example", "https://shop.example");
    createWidgetMessenger(allowed)("ready", {});
    expect(toShop.map((p) => p.targetOrigin)).toEqual(["https://shop.example"]);

    const toSelf = framedIn("https://checkout.example", "https://checkout.example");
    createWidgetMessenger(allowed)("ready", {});
    expect(toSelf.map((p) => p.targetOrigin)).toEqual(["https://checkout.example"]);

    const toStranger = framedIn("https://checkout.example", "https://evil.example");
    createWidgetMessenger(allowed)("swap_created", { id: "ABCDEFGHJK23" });
    expect(toStranger).toEqual([]);
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
    (self as { postMessage?: unknown }).postMessage = (message: unknown, targetOrigin: string) =>
      void posted.push({ message, targetOrigin });
    vi.stubGlobal("window", self);
    createWidgetMessenger(["https://shop.example"])("ready", {});
    expect(posted).toEqual([]);
  });
});
