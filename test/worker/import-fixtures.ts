/// <reference types="vite/client" />
// The label fixtures (test/fixtures/generate.mjs) as bytes inside workerd, fetched once a runtime from the test files'
// service (scripts/test-data-modules.ts: as data URLs in a module, their 2.9 MB went as 3.9 MB of base64 text over the
// pool's WebSocket).

const files = import.meta.glob("../fixtures/labels/*.{pdf,png,jpg,webp}", { query: "?test-file", import: "default", eager: true }) as Record<string, Uint8Array>;

/** A fixture's bytes, a copy of its own for each call (a test may change them). */
export function fixture(name: string): Uint8Array {
  const bytes = files[`../fixtures/labels/${name}`];
  if (bytes === undefined) throw new Error(`no fixture ${name}`);
  return bytes.slice();
}

const json = import.meta.glob("../fixtures/labels/expected.json", { import: "default", eager: true });
/** Expected label details per fixture file (written by the generator). */
export const expected = Object.values(json)[0] as Record<string, Record<string, unknown>[]>;

const ocrJson = import.meta.glob("../fixtures/labels/ocr-expected.json", { import: "default", eager: true });
/** What OCR must read in full on the images that are not perfect scans (generator section 11). */
export const ocrExpected = Object.values(ocrJson)[0] as Record<string, Record<string, unknown>>;
