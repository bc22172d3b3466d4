import type { Address } from "../../shared/label";
import { UK_POSTCODE_IN_TEXT_RE, UK_POSTCODE_RE, normalisePostcode } from "../lib/uk-postcode";

/**
 * A free-text address: first line the name, the remaining lines the address,
 * the UK postcode found in the text and normalised to 'OUTWARD INWARD'. Lines are split on new
 * lines; a one-line address is split on commas.
 */
export function parseFreeTextAddress(text: string, countryCode = "GB"): Address {
  let lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines.length === 1) lines = lines[0].split(",").map((l) => l.trim()).filter(Boolean);

  let postcode = "";
  // The postcode is usually on the last line (alone or after the town): search from the end.
  for (let i = lines.length - 1; i >= 1 && !postcode; i--) {
    const line = lines[i];
    if (UK_POSTCODE_RE.test(line)) {
      postcode = normalisePostcode(line);
      lines.splice(i, 1);
      break;
    }
    const m = line.match(UK_POSTCODE_IN_TEXT_RE);
    if (m && m.index !== undefined && m.index + m[0].length === line.length) {
      postcode = normalisePostcode(`${m[1]}${m[2]}`);
      const rest = line.slice(0, m.index).replace(/[\s,]+$/, "");
      if (rest) lines[i] = rest;
      else lines.splice(i, 1);
    }
  }
  const [name = "", ...address] = lines;
  return { name, address, postcode, countryCode };
}
