/**
 * A seller's brand colour on the buyer's page and mails. Any colour can be chosen; where it carries text (a link, a
 * button's label on white) it is darkened just enough to read (WCAG AA: 4.5:1 on white), so a pale brand colour
 * never makes the page unreadable. Bars and borders use it as chosen.
 */

/** The product's own colour, used when the seller chose none (amber-700, as the app's --brand). */
export const DEFAULT_BRAND_COLOR = "#b45309";
export const BRAND_COLOR = /^#[0-9a-f]{6}$/;

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast of a colour against white. */
export const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

/** The colour itself when it reads on white, else the same hue darkened until it does. */
export function readableOnWhite(hex: string): string {
  let rgb = channels(hex);
  for (let i = 0; i < 40 && contrastOnWhite(toHex(rgb)) < 4.5; i++) rgb = rgb.map((c) => c * 0.9);
  return toHex(rgb);
}

/** The colour a page or mail uses: the seller's when set and valid, else the product's. */
export const brandColorOf = (color: string | null | undefined) => (color && BRAND_COLOR.test(color) ? color : DEFAULT_BRAND_COLOR);
