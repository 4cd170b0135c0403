// WCAG contrast between two hex colours ("18e299" or "#18e299"): the embed page's accent check and
// the text colour on the partner's accent.

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function isHexColor(text: string): boolean {
  return /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.test(text);
}

function relativeLuminance(hex: string): number {
  const bare = hex.replace(/^#/, "");
  const full = bare.length === 3 ? bare.replace(/./g, (c) => c + c) : bare;
  const [r, g, b] = [0, 2, 4].map((i) => channel(parseInt(full.slice(i, i + 2), 16))) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** From 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Text for buttons in the partner's accent: black or white, whichever contrasts more. One of the two
 * always reaches 4.58:1 (WCAG AA asks 4.5:1), whatever the accent; the page's own dark ink (#0f172a)
 * would not (on #ff0000 it gives 4.46:1, white 4.0:1).
 */
export function accentForeground(hex: string): "#000000" | "#ffffff" {
  return contrastRatio(hex, "000000") >= contrastRatio(hex, "ffffff") ? "#000000" : "#ffffff";
}
