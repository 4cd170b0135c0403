// Where a user gets help, carrying what support needs to find the swap: its id, the order
// reference and the time. SUPPORT_URL is a template ({swapId}, {externalId}); SUPPORT_EMAIL becomes
// a mailto with the subject and body filled in. Never the access token: a link in a support ticket
// must not open the swap.

export type SupportConfig = { url: string | null; email: string | null };

export type SupportContext = {
  swapId?: string | null;
  externalId?: string | null;
  status?: string | null;
  /** A request id from an error answer, when the problem is an error rather than a swap. */
  requestId?: string | null;
  at: Date;
};

export type SupportLink = { kind: "url" | "email"; href: string };

export function supportLink(config: SupportConfig, context: SupportContext): SupportLink | null {
  if (config.url) {
    const href = config.url
      .replaceAll("{swapId}", encodeURIComponent(context.swapId ?? ""))
      .replaceAll("{externalId}", encodeURIComponent(context.externalId ?? ""));
    return { kind: "url", href };
  }
  if (config.email) {
    const lines = [
      context.swapId ? `Swap id: ${context.swapId}` : null,
      context.externalId ? `Order reference: ${context.externalId}` : null,
      context.status ? `Status: ${context.status}` : null,
      context.requestId ? `Request id: ${context.requestId}` : null,
      `Time: ${context.at.toISOString()}`,
      "",
      "What happened:",
      "",
    ].filter((line) => line !== null);
    const subject = context.swapId ? `Help with swap ${context.swapId}` : "Help with a swap";
    // mailto wants %20, not +, for spaces: encodeURIComponent, not URLSearchParams.
    const href = `mailto:${config.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines.join("\n"))}`;
    return { kind: "email", href };
  }
  return null;
}
