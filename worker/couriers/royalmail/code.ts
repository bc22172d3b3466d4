/**
 * Royal Mail tracking numbers are UPU S10: `^[A-Z]{2}\d{8}\d[A-Z]{2}$`,
 * UK items end in GB. Check digit over the 8 serial digits with weights 8,6,4,2,3,5,9,7:
 * c = 11 - (sum mod 11); 10 -> 0, 11 -> 5. Printed spaced: `VB 4425 5083 5GB`.
 */
const S10_RE = /^[A-Z]{2}\d{9}[A-Z]{2}$/;
const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

export function normaliseRoyalMailCode(input: string): string {
  return input.toUpperCase().replace(/[\s\-.]/g, "");
}

export function s10CheckDigit(serial8: string): number {
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(serial8[i]), 0);
  const c = 11 - (sum % 11);
  return c === 10 ? 0 : c === 11 ? 5 : c;
}

export function isValidRoyalMailCode(code: string): boolean {
  return S10_RE.test(code) && s10CheckDigit(code.slice(2, 10)) === Number(code[10]);
}
