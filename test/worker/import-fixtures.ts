/// <reference types="vite/client" />
// The label fixtures (test/fixtures/generate.mjs) as bytes inside workerd: bundled as data URLs.

const files = import.meta.glob("../fixtures/labels/*.{pdf,png,jpg,webp}", { query: "?inline", import: "default", eager: true }) as Record<string, string>;

export function fixture(name: string): Uint8Array {
  const url = files[`../fixtures/labels/${name}`];
  if (url === undefined) throw new Error(`no fixture ${name}`);
  const b64 = url.slice(url.indexOf(",") + 1);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

const json = import.meta.glob("../fixtures/labels/expected.json", { import: "default", eager: true });
/** Expected label details per fixture file (written by the generator). */
export const expected = Object.values(json)[0] as Record<string, Record<string, unknown>[]>;

const ocrJson = import.meta.glob("../fixtures/labels/ocr-expected.json", { import: "default", eager: true });
/** What OCR must read in full on the images that are not perfect scans (generator section 11). */
export const ocrExpected = Object.values(ocrJson)[0] as Record<string, Record<string, unknown>>;
