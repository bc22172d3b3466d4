/**
 * OCR with Tesseract 5 (tesseract.js-core 7, the SIMD LSTM build) straight on the emscripten
 * module, without tesseract.js's worker wrapper: workerd has no Web Workers and cannot compile
 * wasm from bytes, so the .wasm file is imported as a module and handed over through
 * `instantiateWasm`. Two 'fast' LSTM models ship in the bundle (worker/label-import/ocr/, README
 * there) and are never downloaded at run time; both are loaded on the first OCR job of an isolate
 * and kept:
 * - English (with its word list), which reads a label's page best;
 * - Latin script (network only, 568 KB), whose characters include the accents English lacks (its
 *   only one is é): it reads the lines names came from again, for 'Seán', 'Zoë Müller', 'Łukasz'.
 *
 * Input is 8-bit grey at about 300 DPI (ocr/image.ts): a 1200×1800 label needs about 20 MB of wasm
 * memory, and wasm memory never shrinks.
 */
import coreWasm from "tesseract.js-core/tesseract-core-simd-lstm.wasm";
import engData from "./eng.traineddata.bin";
import latinData from "./latin.traineddata.bin";
import { parseTsv, type OcrWord } from "./text";
import type { Grey } from "../../images/raster";

interface TessApi {
  Init(datapath: string | null, lang: string, oem: number): number;
  SetPageSegMode(mode: number): void;
  SetVariable(name: string, value: string): boolean;
  SetImage(ptr: number, width: number, height: number, bytesPerPixel: number, bytesPerLine: number): void;
  SetSourceResolution(ppi: number): void;
  Recognize(monitor: null): number;
  GetTSVText(page: number): string;
  GetUTF8Text(): string;
  MeanTextConf(): number;
  IsValidWord(word: string): number;
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
  /** The page reader (English). */
  api: TessApi;
  /** One line at a time, Latin script. */
  latin: TessApi;
  memory: () => WebAssembly.Memory;
}

let loading: Promise<Engine> | null = null;

/** Tesseract's OEM_LSTM_ONLY, PSM_AUTO (page layout analysis without OSD), PSM_SINGLE_LINE, PSM_SPARSE_TEXT. */
const OEM_LSTM_ONLY = 1;
const PSM_AUTO = 3;
const PSM_SINGLE_LINE = 7;
const PSM_SPARSE_TEXT = 11;

function reader(mod: TessModule, lang: string, psm: number): TessApi {
  const api = new mod.TessBaseAPI();
  const rc = api.Init("/tessdata", lang, OEM_LSTM_ONLY);
  if (rc !== 0) throw new Error(`tesseract Init ${lang} failed (${rc})`);
  api.SetPageSegMode(psm);
  api.SetVariable("debug_file", "/dev/null");
  // Signs never printed on a label, which the model reads for a smudged 0 or O ('Weight: ©.25kg').
  api.SetVariable("tessedit_char_blacklist", "©§¢¥¤¶«»");
  return api;
}

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
  mod.FS.writeFile("/tessdata/Latin.traineddata", new Uint8Array(latinData));
  // The word list stays on: load_system_dawg is read only at Init (setting it afterwards, as this
  // code once did, changed nothing), and without it a photo's small print read worse.
  const api = reader(mod, "eng", PSM_AUTO);
  const latin = reader(mod, "Latin", PSM_SINGLE_LINE);
  const mem = memory as WebAssembly.Memory;
  return { mod, api, latin, memory: () => mem };
}

function engine(): Promise<Engine> {
  loading ??= load().catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

export interface OcrResult {
  words: OcrWord[];
  /** Tesseract's mean word confidence, 0–100 (≈ 90 upright, ≈ 40 upside down). */
  meanConf: number;
  ms: number;
}

/** Runs `api` over one grey image in wasm memory; the engine is reset if it aborts. */
async function run<T>(img: Grey, dpi: number, pick: (eng: Engine) => TessApi, read: (api: TessApi) => T): Promise<T> {
  let eng: Engine;
  try {
    eng = await engine();
  } catch (err) {
    throw new OcrEngineError(`tesseract could not start: ${String(err)}`);
  }
  const api = pick(eng);
  const ptr = eng.mod._malloc(img.data.length);
  if (!ptr) throw new OcrEngineError("out of memory");
  try {
    new Uint8Array(eng.memory().buffer, ptr, img.data.length).set(img.data);
    api.SetImage(ptr, img.width, img.height, 1, img.width);
    api.SetSourceResolution(Math.round(dpi));
    if (api.Recognize(null) !== 0) throw new OcrEngineError("tesseract could not read the image");
    return read(api);
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
    eng.mod._free(ptr);
  }
}

const PSM = { auto: PSM_AUTO, sparse: PSM_SPARSE_TEXT, line: PSM_SINGLE_LINE };

/**
 * Runs Tesseract on one grey page, with its page layout analysis ('auto'), looking for as much
 * text as it can in no particular order ('sparse'), or as one line of text ('line'). Throws when the engine fails (the caller marks
 * OCR failed).
 */
export async function recognise(img: Grey, dpi = 300, layout: "auto" | "sparse" | "line" = "auto"): Promise<OcrResult> {
  const started = Date.now();
  const { words, meanConf } = await run(
    img,
    dpi,
    (e) => {
      e.api.SetPageSegMode(PSM[layout]);
      return e.api;
    },
    (api) => ({ words: parseTsv(api.GetTSVText(0)), meanConf: api.MeanTextConf() }),
  );
  return { words, meanConf, ms: Date.now() - started };
}

/** One line of text (a crop of the page) read with the Latin-script model, accents and all. */
export async function readLatinLine(img: Grey, dpi = 300): Promise<string> {
  return run(img, dpi, (e) => e.latin, (api) => api.GetUTF8Text().replace(/\s+/g, " ").trim());
}

/** Whether the English model's word list holds `word` (Tesseract's IsValidWord). */
export async function isListedWord(word: string): Promise<boolean> {
  const eng = await engine();
  return eng.api.IsValidWord(word) !== 0;
}

export class OcrEngineError extends Error {
  override name = "OcrEngineError";
}
