/**
 * Numbers as en-GB writes them ('12,345', '1,234.50'), without Intl. A page's first Intl number format (which
 * `toLocaleString("en-GB")` makes) loads ICU's locale data: 50–100 ms of main thread in Chromium on the bench
 * machine, measured in a fresh page, against 1 ms for the same number grouped here. The header's credit balance
 * paid it inside the app's first render on every signed-in screen, one long task of /labels' blocking time
 * (bench/README, Lighthouse). Counts and amounts of money need only the grouping.
 */

/** `n` with its thousands grouped by commas; `decimals` fixed (money), else up to 3 as toLocaleString shows them. */
export function formatNumber(n: number, decimals?: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? "NaN" : n > 0 ? "∞" : "-∞";
  const digits = decimals === undefined ? String(Math.round(Math.abs(n) * 1000) / 1000) : Math.abs(n).toFixed(decimals);
  const [whole, fraction] = digits.split(".");
  const sign = n < 0 && Number(digits) !== 0 ? "-" : "";
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ",")}${fraction ? `.${fraction}` : ""}`;
}
