// The checkout, the swap page and the widget load without tailwind-merge (components/ui/join.ts):
// where classes are joined as given, none may override another, or the page would look different
// from what `cn` made. Every class list these components render, in every state and with every
// caller's classes, must be one that tailwind-merge leaves as it is.
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
import { StatusTimeline } from "@/components/swap/status-timeline";
import { LiveDot } from "@/components/ui/live-dot";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { Icon } from "@/components/ui/icon";
import { card, LoadingPanel, Panel, PanelHeading } from "@/components/ui/panel";
import { Skeleton, Spinner } from "@/components/ui/spinner";
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

/** The receipt's panel in print: flat, borderless, light (components/swap/receipt.tsx). */
const receiptPanel = "print:p-0 print:shadow-none print:ring-0 print:dark:bg-white print:dark:text-slate-900";

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

  it("a panel's and a card's, with each caller's classes", () => {
    const callers = [undefined, "mt-6", "print:hidden", receiptPanel];
    expectUnmerged([
      ...callers.flatMap((className) =>
        (["md", "lg"] as const).flatMap((padding) => [
          h(Panel, { className, padding }),
          h(Panel, { className, padding, raised: false }),
        ]),
      ),
      h("div", { className: card }),
      h(LoadingPanel, { label: "Loading", shapes: ["h-6 w-40", "mt-5 h-20 w-full"] }),
      h(PanelHeading, { id: "a", action: null, size: "lg", children: "A" }),
      h(PanelHeading, { id: "b", action: null, size: "base", children: "B" }),
    ]);
  });

  it("a button's in every variant and size, alone or with each caller's classes", () => {
    const variants = ["primary", "secondary", "ghost", "sandbox", "operator"] as const;
    const sizes = ["sm", "bar", "md", "lg"] as const;
    const callers = [
      undefined,
      "mt-2 w-full",
      "self-start",
      "w-full",
      "mt-2",
      "mt-5",
      "sm:flex-1",
      "sm:flex-[2]",
      "print:hidden",
      "whitespace-nowrap",
      "self-start aria-disabled:cursor-progress",
    ];
    expectUnmerged(
      variants.flatMap((variant) =>
        sizes.flatMap((size) => callers.map((className) => h(Button, { variant, size, className }))),
      ),
    );
  });

  it("a spinner's and a skeleton's, in each caller's shape", () => {
    const shapes = ["h-8 w-32", "size-44", "mt-3 h-32 w-full", "h-6 w-40", "mt-5 h-20 w-full", "h-7 w-24"];
    expectUnmerged([
      h(Spinner, {}),
      h(Spinner, { size: "sm" }),
      h(Spinner, { size: "sm", className: "ms-2" }),
      ...shapes.map((className) => h(Skeleton, { className })),
    ]);
  });

  it("a copy button's, a badge's in every tone and the timeline's at every status", () => {
    const statuses = [
      "waiting_deposit",
      "deposit_detected",
      "processing",
      "underpaid",
      "completed",
      "refunded",
      "failed",
      "expired",
    ] as const;
    expectUnmerged([
      h(CopyButton, { value: "1", label: "Amount" }),
      ...tones.map((tone) => h(Badge, { tone, children: "x" })),
      ...statuses.flatMap((status) => tones.map((tone) => h(StatusTimeline, { status, tone, checkedAt: 0 }))),
      h(LiveDot, { beat: 0, className: "me-2 inline-block size-2 align-middle" }),
    ]);
  });

  it("the payout fields', the asset logos' and the icons'", () => {
    expectUnmerged([
      h(Field, { id: "a", label: "A", size: "lg", font: "mono" }),
      h(Field, { id: "b", label: "B", size: "lg", font: "sans" }),
      h(Field, { id: "c", label: "C", size: "lg" }),
      h(Field, { id: "d", label: "D" }),
      h(AssetLogo, { symbol: "USDT", logoUrl: "/token/usdt.svg", chain: { label: "Tron", logoUrl: "/token/trx.svg" } }),
      h(AssetLogo, { symbol: "USDT", logoUrl: "/token/usdt.svg", chain: { label: "Tron", logoUrl: null } }),
      h(AssetLogo, { symbol: "USDT", logoUrl: "/token/usdt.svg", size: "lg" }),
      h(AssetLogo, { symbol: "USDT", logoUrl: null, size: "lg" }),
      ...(["back", "check", "close", "flip"] as const).map((name) => h(Icon, { name })),
    ]);
  });
});
