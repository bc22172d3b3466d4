// Valid tracking codes and files for label tests, built by code (check digits computed).
import { evriCheckDigit } from "../../worker/couriers/evri/code";
import { s10CheckDigit } from "../../worker/couriers/royalmail/code";

let serial = Math.floor(Math.random() * 1e6);

/** A fresh valid Evri code, e.g. H01AB00001234565. */
export function evriCode(): string {
  const first15 = `H01AB${String(++serial).padStart(10, "0")}`;
  return first15 + evriCheckDigit(first15);
}

/** A fresh valid Royal Mail S10 code ending GB. */
export function royalMailCode(): string {
  const digits = String(10_000_000 + (++serial % 89_999_999)).slice(0, 8);
  return `SG${digits}${s10CheckDigit(digits)}GB`;
}

export function fileFor(id: string, over: Partial<{ r2Key: string; name: string; mime: string; size: number; pages: number }> = {}) {
  return { id, r2Key: `labels/${id}`, name: "label.pdf", mime: "application/pdf", size: 1234, pages: 2, ...over };
}
