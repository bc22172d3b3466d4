/**
 * OCR with Tesseract 5 (tesseract.js-core 7, the SIMD LSTM build) straight on the emscripten
 * module, without tesseract.js's worker wrapper: workerd has no Web Workers and cannot compile
 * wasm from bytes, so the .wasm file is imported as a module and handed over through
 * `instantiateWasm`. The English 'fast' LSTM model (tessdata_fast, Apache-2.0, from Debian's
 * tesseract-ocr-eng) ships in the bundle as worker/label-import/ocr/eng.traineddata.bin: it is never
 * downloaded at run time. Loaded lazily on the first OCR job of an isolate and kept.
 *
 * Input is 8-bit grey at about 300 DPI (ocrImage() in ./raster.ts): a 1200×1800 label needs about
 * 20 MB of wasm memory, and wasm memory never shrinks.
 */
import coreWasm from "tesseract.js-core/tesseract-core-simd-lstm.wasm";
import engData from "./ocr/eng.traineddata.bin";
import type { Grey } from "./raster";
import { groupLines, type TextLine, type TextWord } from "./text";

interface TessApi {
  Init(datapath: string | null, lang: string, oem: number): number;
  SetPageSegMode(mode: number): void;
  SetVariable(name: string, value: string): boolean;
  SetImage(ptr: number, width: number, height: number, bytesPerPixel: number, bytesPerLine: number): void;
  SetSourceResolution(ppi: number): void;
  Recognize(monitor: null): number;
  GetTSVText(page: number): string;
  MeanTextConf(): number;
  Clear(): void;
}

interface TessModule {
  TessBaseAPI: new () => TessApi;
  FS: { writeFile(path: string, data: Uint8Array): void; mkdir(path: string): void };
  _malloc(size: number): number;
  _free(ptr: number): void;
}

interface Engine {
  mod: TessModule;
  api: TessApi;
  memory: () => WebAssembly.Memory;
}

let loading: Promise<Engine> | null = null;

/** Tesseract's OEM_LSTM_ONLY and PSM_AUTO (page layout analysis without OSD). */
const OEM_LSTM_ONLY = 1;
const PSM_AUTO = 3;

async function load(): Promise<Engine> {
  // The emscripten glue takes its Node branch under nodejs_compat and reads __dirname there;
  // workerd defines neither. Nothing is read from disk: the wasm comes through instantiateWasm.
  const g = globalThis as { __dirname?: string; __filename?: string };
  g.__dirname ??= "/";
  g.__filename ??= "/tesseract-core.js";
  const { default: TesseractCore } = (await import("tesseract.js-core/tesseract-core-simd-lstm.js")) as {
    default: (overrides: object) => Promise<TessModule>;
  };
  let memory: WebAssembly.Memory | null = null;
  const mod = await TesseractCore({
    locateFile: (path: string) => path, // never fetched: instantiateWasm below
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void) {
      WebAssembly.instantiate(coreWasm, imports).then((instance) => {
        memory = Object.values(instance.exports).find((x): x is WebAssembly.Memory => x instanceof WebAssembly.Memory) ?? null;
        receive(instance, coreWasm);
      });
      return {};
    },
    print: () => {},
    printErr: () => {},
  });
  if (!memory) throw new Error("tesseract wasm exports no memory");
  mod.FS.mkdir("/tessdata");
  mod.FS.writeFile("/tessdata/eng.traineddata", new Uint8Array(engData));
  const api = new mod.TessBaseAPI();
  const rc = api.Init("/tessdata", "eng", OEM_LSTM_ONLY);
  if (rc !== 0) throw new Error(`tesseract Init failed (${rc})`);
  api.SetPageSegMode(PSM_AUTO);
  // Labels are not prose: no dictionary bias towards English words in names and codes.
  api.SetVariable("load_system_dawg", "0");
  api.SetVariable("load_freq_dawg", "0");
  api.SetVariable("debug_file", "/dev/null");
  const mem = memory as WebAssembly.Memory;
  return { mod, api, memory: () => mem };
}

function engine(): Promise<Engine> {
  loading ??= load().catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** A word Tesseract read, in pixels of the image it was given (y grows downwards). */
export interface OcrWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  conf: number;
  /** Tesseract's own text line ('block.paragraph.line'), which follows a skewed line. */
  line?: string;
}

export interface OcrResult {
  words: OcrWord[];
  /** Tesseract's mean word confidence, 0–100 (≈ 90 upright, ≈ 40 upside down). */
  meanConf: number;
  ms: number;
}

/** Runs Tesseract on one grey image. Throws when the engine fails (the caller marks OCR failed). */
export async function recognise(img: Grey, dpi = 300): Promise<OcrResult> {
  const started = Date.now();
  let eng: Engine;
  try {
    eng = await engine();
  } catch (err) {
    throw new OcrEngineError(`tesseract could not start: ${String(err)}`);
  }
  const { mod, api } = eng;
  const ptr = mod._malloc(img.data.length);
  if (!ptr) throw new OcrEngineError("out of memory");
  try {
    new Uint8Array(eng.memory().buffer, ptr, img.data.length).set(img.data);
    api.SetImage(ptr, img.width, img.height, 1, img.width);
    api.SetSourceResolution(Math.round(dpi));
    if (api.Recognize(null) !== 0) throw new OcrEngineError("tesseract could not read the image");
    const words = parseTsv(api.GetTSVText(0));
    const meanConf = api.MeanTextConf();
    return { words, meanConf, ms: Date.now() - started };
  } catch (err) {
    // A wasm abort leaves the module unusable: the next job starts a fresh one.
    if (err instanceof WebAssembly.RuntimeError) loading = null;
    throw err instanceof OcrEngineError ? err : new OcrEngineError(String(err));
  } finally {
    try {
      api.Clear();
    } catch {
      loading = null;
    }
    mod._free(ptr);
  }
}

export class OcrEngineError extends Error {
  override name = "OcrEngineError";
}

/** TSV columns: level page block par line word left top width height conf text; level 5 = word. */
export function parseTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split("\n")) {
    const cols = row.split("\t");
    if (cols.length < 12 || cols[0] !== "5") continue;
    const text = cols.slice(11).join("\t").trim();
    const conf = Number(cols[10]);
    if (!text || !(conf >= 0)) continue;
    words.push({ text, left: Number(cols[6]), top: Number(cols[7]), width: Number(cols[8]), height: Number(cols[9]), conf, line: `${cols[2]}.${cols[3]}.${cols[4]}` });
  }
  return words;
}

/**
 * OCR words -> reading lines, the same shape the PDF text layer gives the courier parsers. Words
 * of one text line share a baseline; a word's height stands in for its font size. Very low
 * confidence words (noise in barcodes) are dropped.
 */
export function ocrLines(words: OcrWord[], minConf = 10): TextLine[] {
  const kept = words.filter((w) => w.conf >= minConf && !/^[|_\-=~.,:;'"`!]+$/.test(w.text));
  // Tesseract's own lines follow a photo's tilt, where grouping by height on the page would merge
  // neighbouring lines; words far apart on one of its lines are still two columns.
  if (kept.length && kept.every((w) => w.line)) return tesseractLines(kept).map((l) => ({ ...l, text: fixPostcode(fixHeading(l.text)) }));
  const textWords: TextWord[] = kept.map((w) => ({
    text: w.text,
    x: w.left,
    // groupLines takes PDF user space (y up, origin on the baseline): flip.
    y: -(w.top + w.height),
    size: Math.max(1, w.height),
    angle: 0,
    width: w.width,
  }));
  return groupLines(textWords).map((l) => ({ ...l, text: fixPostcode(fixHeading(l.text)) }));
}

function tesseractLines(words: OcrWord[]): TextLine[] {
  const byLine = new Map<string, OcrWord[]>();
  for (const w of words) byLine.set(w.line!, [...(byLine.get(w.line!) ?? []), w]);
  const lines: TextLine[] = [];
  for (const group of byLine.values()) {
    group.sort((a, b) => a.left - b.left);
    const heights = group.map((w) => w.height).sort((a, b) => a - b);
    const size = Math.max(1, heights[Math.floor(heights.length / 2)]);
    let run: OcrWord[] = [];
    const flush = () => {
      if (!run.length) return;
      const left = run[0].left;
      const right = Math.max(...run.map((w) => w.left + w.width));
      lines.push({ text: run.map((w) => w.text).join(" "), x: left, y: Math.min(...run.map((w) => w.top)), size, width: right - left });
      run = [];
    };
    for (const w of group) {
      const prev = run[run.length - 1];
      if (prev && w.left - (prev.left + prev.width) > size * 2.5) flush();
      run.push(w);
    }
    flush();
  }
  return lines.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** Headings the courier parsers look for, as printed. */
const HEADINGS = ["Deliver to:", "Ship to:", "From:", "Sender:", "Return address:", "Return to:", "Weight:", "Date:", "Posted:", "Service:"];

function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
}

/**
 * A heading misread by one character ('Deliver toa:', 'Fr0m:') is put back as printed, so the
 * parsers find the block under it. Only the line's first words are compared, and only headings of
 * five or more characters are corrected.
 */
export function fixHeading(text: string): string {
  const words = text.split(" ");
  for (const h of HEADINGS) {
    const n = h.split(" ").length;
    const head = words.slice(0, n).join(" ");
    if (head === h || h.length < 5) continue;
    const a = head.toLowerCase().replace(/[:;.,]+$/, "");
    const b = h.toLowerCase().replace(/:$/, "");
    if (a !== b && editDistance(a, b) <= 1 && a.length >= 4) return [h, ...words.slice(n)].join(" ");
  }
  return text;
}

const TO_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", L: "1", "|": "1", S: "5", Z: "2", B: "8", G: "6" };
const TO_LETTER: Record<string, string> = { "0": "O", "1": "I", "5": "S", "2": "Z", "8": "B", "6": "G" };

/**
 * A line ending in a postcode with the classic OCR confusions (1/l/I, 0/O, 5/S) in its inward code
 * ('M1 LAE') gets the postcode back: the inward code is always a digit then two letters.
 */
export function fixPostcode(text: string): string {
  const m = text.match(/(^|\s)([A-Z]{1,2}[0-9OIL][A-Z0-9]?)\s([0-9A-Z|][A-Z0-9]{2})$/i);
  if (!m) return text;
  const [, lead, outward, inward] = m;
  // Without a real digit in the outward code ('Ml LAE') only a line that is nothing but the
  // postcode, in capitals (a lower-case 'l' being the misread '1'), is taken: 'Ali Bob' stays a name.
  if (!/\d/.test(outward) && (lead !== "" || !/^[A-Z0-9l|]+$/.test(outward + inward))) return text;
  const fixedIn = (TO_DIGIT[inward[0].toUpperCase()] ?? inward[0]) + [...inward.slice(1)].map((c) => TO_LETTER[c] ?? c).join("");
  const fixedOut = outward.replace(/^([A-Z]{1,2})(.)/i, (_, a: string, d: string) => a + (TO_DIGIT[d.toUpperCase()] ?? d));
  const candidate = `${fixedOut} ${fixedIn}`.toUpperCase();
  if (!/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/.test(candidate)) return text;
  return text.slice(0, m.index! + lead.length) + candidate;
}
