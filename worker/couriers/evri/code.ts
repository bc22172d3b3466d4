/**
 * Evri (formerly Hermes UK) tracking numbers:
 * 16 characters `^[HT][0-9A-Z]{5}\d{10}$`; check digit: letters count (ASCII - 63) mod 10,
 * digits as themselves, weights 2,1,2,1,... over the first 15, sum mod 10 = 16th digit.
 * Older Hermes barcodes are 16 plain digits (Interleaved 2 of 5), printed grouped.
 */
const EVRI_RE = /^[HT][0-9A-Z]{5}\d{10}$/;
const LEGACY_RE = /^\d{16}$/;

/** Uppercases and strips spaces, dashes and dots people write codes with. */
export function normaliseEvriCode(input: string): string {
  return input.toUpperCase().replace(/[\s\-.]/g, "");
}

export function evriCheckDigit(first15: string): number {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const ch = first15.charCodeAt(i);
    const value = ch >= 48 && ch <= 57 ? ch - 48 : (ch - 63) % 10;
    sum += value * (i % 2 === 0 ? 2 : 1);
  }
  return sum % 10;
}

/** True for a current Evri code with a valid check digit, or a legacy 16-digit Hermes code. */
export function isValidEvriCode(code: string): boolean {
  if (LEGACY_RE.test(code)) return true;
  return EVRI_RE.test(code) && evriCheckDigit(code.slice(0, 15)) === Number(code[15]);
}
