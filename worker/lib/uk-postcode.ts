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

/** The UK's postcode areas (BF: BFPO; BX: non-geographic). */
const AREAS = new Set(
  ("AB AL B BA BB BD BF BH BL BN BR BS BT BX CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY E EC EH EN EX FK FY G GL GU GY " +
    "HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY L LA LD LE LL LN LS LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR " +
    "RG RH RM S SA SE SG SK SL SM SN SO SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE").split(" "),
);
/**
 * Districts with a letter after their digit: central London only (EC1A, WC2N, W1A, SW1A, SE1P, NW1W, E1W, N1C), and that
 * letter one of those the postcode's format allows there: after one letter and a digit (A9A) one of ABCDEFGHJKPSTUW,
 * after two letters and a digit (AA9A) one of ABEHMNPRVWXY (Royal Mail's format; BS 7666). 'SE1S 1SZ', a 200 DPI scan's
 * SE15 1SZ with its 5 read as S, is none (gate seed 1875347505, file 388, given so).
 */
const LETTER_DISTRICT = /^(?:(?:W1|E1|N1)[ABCDEFGHJKPSTUW]|(?:EC[1-4]|WC[12]|SW1|SE1|NW1)[ABEHMNPRVWXY])$/;

/**
 * A postcode that can exist, not just one of the right shape: a real area ('WW2 8AQ' has none), a
 * letter after the district's digit only in central London ('BR1I' is no district), no two-figure
 * district beginning with 0, and an inward code whose letters are never C, I, K, M, O or V. For text
 * read by OCR, where a wrong postcode is worse than none.
 */
export function isRealPostcode(input: string): boolean {
  const m = input.toUpperCase().replace(/\s+/g, "").match(/^([A-Z]{1,2})(\d[A-Z\d]?)(\d[A-Z]{2})$/);
  if (!m) return false;
  const [, area, district, inward] = m;
  if (!AREAS.has(area) || (/[A-Z]$/.test(district) && !LETTER_DISTRICT.test(area + district))) return false;
  // No district of two figures begins with 0 ('CO01 2WS' for CO1 2WS, the O's ink read again as a 0: run J, fresh seed
  // 3605086469, file 1514, a 150 DPI scan, given so).
  if (/^0\d$/.test(district)) return false;
  return /^\d[ABD-HJLNP-UW-Z]{2}$/.test(inward);
}
