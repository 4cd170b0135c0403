// The checkout's first screen hydrates without tailwind-merge (components/ui/cn.ts `join`): where
// classes are joined as given, none may override another, or the page would look different from
// what `cn` made. Every class list these components render, in every state, must be one that
// tailwind-merge leaves as it is.
import { createElement as h, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import messages from "@/lib/i18n/messages/en.json";
import { AssetLogo } from "@/components/asset-logo";
import { StepIndicator } from "@/components/checkout/step-indicator";
import { stopMarkOf } from "@/components/swap/outcome-table";
import { Button } from "@/components/ui/button";
import { Field, payoutFonts } from "@/components/ui/field";
import { Icon } from "@/components/ui/icon";
import { card, Panel } from "@/components/ui/panel";
import type { Tone } from "@/components/ui/status-tone";

function classesOf(element: ReactElement): string[] {
  const html = renderToStaticMarkup(
    h(NextIntlClientProvider, { locale: "en", messages, timeZone: "UTC", children: element }),
  );
  return [...html.matchAll(/class="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

function expectUnmerged(elements: ReactElement[]) {
  const classes = elements.flatMap(classesOf);
  expect(classes.length).toBeGreaterThan(0);
  for (const c of classes) expect(twMerge(c), c).toBe(c);
}

const tones: Tone[] = ["inFlight", "needsLook", "done", "failed", "ended"];

describe("class lists joined without tailwind-merge", () => {
  it("the step indicator's, at every step, ended or not, with every outcome's mark", () => {
    const steps = ["details", "review", "deposit", "done"] as const;
    expectUnmerged(
      steps.flatMap((current) => [
        h(StepIndicator, { current, className: "mb-4" }),
        ...tones.map((tone) => h(StepIndicator, { current, ended: true, stop: stopMarkOf(tone), className: "px-1" })),
      ]),
    );
  });

  it("a panel's and a card's", () => {
    expectUnmerged([h(Panel, {}), h(Panel, { raised: false }), h("div", { className: card })]);
  });

  it("a button's in every variant and size, alone or placed", () => {
    const variants = ["primary", "secondary", "ghost", "operator"] as const;
    const sizes = ["sm", "md", "lg"] as const;
    expectUnmerged(
      variants.flatMap((variant) =>
        sizes.flatMap((size) =>
          [undefined, "mt-2 w-full", "self-start", "w-full", "-mt-1 self-end"].map((className) =>
            h(Button, { variant, size, className }),
          ),
        ),
      ),
    );
  });

  it("the payout fields', the asset logos' and the icons'", () => {
    expectUnmerged([
      h(Field, { id: "a", label: "A", size: "lg", className: payoutFonts.mono }),
      h(Field, { id: "b", label: "B", size: "lg", className: payoutFonts.sans }),
      h(Field, { id: "c", label: "C" }),
      h(AssetLogo, { symbol: "USDT", logoUrl: "/token/usdt.svg", chain: { label: "Tron", logoUrl: "/token/trx.svg" } }),
      h(AssetLogo, { symbol: "USDT", logoUrl: "/token/usdt.svg", chain: { label: "Tron", logoUrl: null } }),
      ...(["back", "check", "close", "flip"] as const).map((name) => h(Icon, { name })),
    ]);
  });
});
