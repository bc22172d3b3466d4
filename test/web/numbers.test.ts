import { afterEach, describe, expect, it, vi } from "vitest";
import { formatNumber } from "../../web/components/numbers";
import { CREDITS_TEXT } from "../../web/features/credits/texts";

describe("numbers as en-GB writes them, without Intl", () => {
  afterEach(() => vi.restoreAllMocks());

  it("groups and rounds as toLocaleString('en-GB') does", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_234_567, -1_234_567, 1.5, 0.1234, 1234.5678, -5]) expect(formatNumber(n)).toBe(n.toLocaleString("en-GB"));
    for (const n of [0, 10.05, 1234.5, 1_000_000]) expect(formatNumber(n, 2)).toBe(n.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  });

  it("the header's balance makes no Intl format (the page's first costs 50-100 ms in Chromium)", () => {
    const intl = vi.spyOn(Intl, "NumberFormat");
    const toLocale = vi.spyOn(Number.prototype, "toLocaleString");
    expect(CREDITS_TEXT.balance(12_345).join("")).toBe("12,345 credits");
    expect(intl).not.toHaveBeenCalled();
    expect(toLocale).not.toHaveBeenCalled();
  });
});
