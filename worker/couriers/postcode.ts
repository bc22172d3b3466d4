/**
 * UK postcodes: uppercase, no white space, one space before the inward code
 * (last three characters, `\d[A-Z]{2}`). 2D payloads store them without the space.
 */
export const UK_POSTCODE_RE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;
/** Finds a postcode inside a line of text (word-bounded). */
export const UK_POSTCODE_IN_TEXT_RE = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/i;

export function isUkPostcode(input: string): boolean {
  return UK_POSTCODE_RE.test(input.trim());
}

/** 'sw1a1aa' -> 'SW1A 1AA'. Non-postcodes come back trimmed and uppercased, unchanged otherwise. */
export function normalisePostcode(input: string): string {
  const compact = input.toUpperCase().replace(/\s+/g, "");
  if (!UK_POSTCODE_RE.test(compact)) return input.trim().toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}
