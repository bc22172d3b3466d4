/**
 * The carrier's part of a label made by someone else (a marketplace, a broker): its code and how
 * it is printed, its barcodes, and the service in that tool's words ('Evri Next Day', 'Royal Mail
 * Tracked 48').
 */
import { clickDropQrPayload, evriCode, evriPayload, printedEvri, printedS10, RM_PRODUCTS, royalMailPayload, s10Code } from "./codes.ts";
import { evriService, royalMailService, type Party } from "./content.ts";
import type { Symbology } from "./layout.ts";
import type { Truth } from "./manifest.ts";
import type { Rng } from "./random.ts";

export interface CarrierParcel {
  courier: Truth["courier"];
  code: string;
  printed: string;
  twoD: { symbology: Symbology; text: string } | null;
  service: { truth: string; printed: string };
  brand: string;
}

export function carrierParcel(rng: Rng, to: Party, from: Party | null, date: Date): CarrierParcel {
  if (rng.chance(0.5)) {
    const code = evriCode(rng);
    const service = evriService(rng);
    const brand = rng.pick(["evri", "Evri", "EVRI"]);
    const printed = rng.chance(0.35) ? `${brand} ${service.printed}` : service.printed;
    const twoD = rng.chance(0.5) ? { symbology: "datamatrix" as const, text: evriPayload(rng, { code, to: to.postcode, depot: "", van: 0, drop: 0, round: 0 }) } : null;
    return { courier: "evri", code, printed: printedEvri(rng, code), twoD, service: { truth: service.truth, printed }, brand };
  }
  const code = s10Code(rng);
  const service = royalMailService(rng);
  const brand = rng.pick(["Royal Mail", "ROYAL MAIL"]);
  const printed = rng.chance(0.35) && !service.printed.startsWith("Royal") ? `${brand} ${service.printed}` : service.printed;
  const qr = rng.chance(0.3);
  const twoD = rng.chance(0.8)
    ? qr
      ? { symbology: "qrcode" as const, text: clickDropQrPayload(rng, code, to.postcode) }
      : { symbology: "datamatrix" as const, text: royalMailPayload(rng, { code, product: rng.pick(RM_PRODUCTS[service.truth]), date, to: to.postcode, from: from?.postcode ?? null }) }
    : null;
  return { courier: "royalmail", code, printed: printedS10(rng, code), twoD, service: { truth: service.truth, printed }, brand };
}
