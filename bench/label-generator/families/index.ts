/**
 * The families labels are drawn from, how often each comes up, how often it is made by Chromium
 * rather than pdf-lib (carrier-made labels are mostly iText PDFs; marketplace and broker labels
 * mostly HTML printed by a browser) and how often it is uploaded as an image.
 */
import type { Drawing, FileSpec, PageSpec } from "../layout.ts";
import type { Rng } from "../random.ts";
import { broker } from "./broker.ts";
import { evriRouting } from "./evri-routing.ts";
import { evriShop } from "./evri-shop.ts";
import { marketplace } from "./marketplace.ts";
import { rmClickDrop } from "./rm-clickdrop.ts";
import { rmOnline } from "./rm-online.ts";
import { consignment } from "./consignment.ts";
import { customsForm, labelWithCustoms } from "./customs.ts";
import { manifest, orderMail, returnQr, trackingPage } from "./documents.ts";
import { legacyDespatch } from "./legacy.ts";
import { a4Sheet, multiPage, packingSlip } from "./sheets.ts";

interface Family {
  weight: number;
  /** Share made by Chromium (HTML printed to PDF) rather than pdf-lib. */
  chromium: number;
  /** Share of single-label files uploaded as an image (or a flattened PDF). */
  images: number;
  make: (rng: Rng) => FileSpec;
  /** Drawn by the bench, not yet by the gate (a new variation, until fresh seeds show the reader holds it). */
  draft?: boolean;
}

/** One label alone on its page, stored upright, turned (landscape MediaBox, /Rotate 90) or shown landscape (/Rotate 90). */
function single(family: string, d: Drawing, rng: Rng, turned: number): FileSpec {
  const storage = rng.weighted([["upright", 1 - turned - 0.08], ["turned", turned], ["rotate90", 0.08]] as const) as PageSpec["storage"];
  return { family, pages: [{ w: d.w, h: d.h, placements: [{ drawing: d, x: 0, y: 0, scale: 1 }], items: [], storage }], labels: [d.truth], notes: d.notes };
}

export const FAMILIES = {
  "evri-routing": { weight: 12, chromium: 0.25, images: 0.15, make: (rng: Rng) => single("evri-routing", evriRouting(rng, { legacy: false }), rng.fork("storage"), 0.45) },
  "evri-legacy": { weight: 5, chromium: 0.25, images: 0.2, make: (rng: Rng) => single("evri-legacy", evriRouting(rng, { legacy: true }), rng.fork("storage"), 0.45) },
  "evri-instore": { weight: 10, chromium: 0.3, images: 0.25, make: (rng: Rng) => single("evri-instore", evriShop(rng, { inStore: true }), rng.fork("storage"), 0.1) },
  "evri-home": { weight: 8, chromium: 0.5, images: 0.2, make: (rng: Rng) => single("evri-home", evriShop(rng, { inStore: false }), rng.fork("storage"), 0.1) },
  "rm-clickdrop": { weight: 18, chromium: 0.35, images: 0.15, make: (rng: Rng) => single("rm-clickdrop", rmClickDrop(rng), rng.fork("storage"), 0.15) },
  "rm-online": { weight: 6, chromium: 0.6, images: 0, make: rmOnline },
  marketplace: { weight: 10, chromium: 0.8, images: 0.15, make: (rng: Rng) => single("marketplace", marketplace(rng), rng.fork("storage"), 0.1) },
  broker: { weight: 9, chromium: 0.7, images: 0.1, make: (rng: Rng) => single("broker", broker(rng), rng.fork("storage"), 0.15) },
  "a4-sheet": { weight: 8, chromium: 0.5, images: 0, make: a4Sheet },
  "packing-slip": { weight: 6, chromium: 0.6, images: 0, make: packingSlip },
  "multi-page": { weight: 4, chromium: 0.4, images: 0, make: multiPage },
  consignment: { weight: 4, chromium: 0.5, images: 0, make: consignment },
  "label-customs": { weight: 3, chromium: 0.5, images: 0, make: labelWithCustoms, draft: true },
  "legacy-despatch": { weight: 4, chromium: 0.3, images: 0.1, make: (rng: Rng) => single("legacy-despatch", legacyDespatch(rng), rng.fork("storage"), 0.1), draft: true },
} satisfies Record<string, Family>;

/**
 * Documents that are not labels though they hold a valid tracking code (issue 36, class 6): their truth is that
 * they hold no label. A run draws them on top of its labels (GEN_DOCUMENTS), each from a stream of its own.
 */
export const DOCUMENTS = {
  "customs-form": { weight: 3, chromium: 0.35, images: 0, make: customsForm },
  manifest: { weight: 3, chromium: 0.35, images: 0, make: manifest },
  "return-qr": { weight: 2, chromium: 0.7, images: 0, make: returnQr },
  "tracking-page": { weight: 2, chromium: 0.9, images: 0, make: trackingPage },
  "order-mail": { weight: 2, chromium: 0.8, images: 0, make: orderMail },
} satisfies Record<string, Family>;

export type LabelFamilyName = keyof typeof FAMILIES;
export type DocumentFamilyName = keyof typeof DOCUMENTS;
export type FamilyName = LabelFamilyName | DocumentFamilyName;
