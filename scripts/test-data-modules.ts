// A vite plugin of the worker tests only (vitest.config.ts): the app's binary modules reach the test runtime as
// JavaScript modules holding their bytes in base64, not through the test pool's module fallback, which sends a module's
// bytes as a JSON array of numbers, made in Node and read back in workerd by every runtime that imports it:
//  - a data module (`*.bin`, the OCR models, 4.7 MB: 13 MB of JSON, 16 s at load 19) is the same ArrayBuffer of the
//    same bytes;
//  - a wasm module (`*.wasm`, the readers' PDFium, Tesseract, zxing and image codecs, 8.8 MB: 30 MB of JSON) is the same
//    WebAssembly.Module, compiled from its bytes by the pool's own unsafe-eval binding (workerd refuses to compile wasm
//    from bytes anywhere else; the pool binds it to every test runtime to run vitest's code).
// The build and deploys keep wrangler's Data and CompiledWasm modules.
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

const QUERY = "?test-data-module";
const BINARY = /\.(bin|wasm)$/;

export function testDataModules(): Plugin {
  return {
    name: "parcelhive:test-data-modules",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!BINARY.test(source) || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      // A query keeps the pool from handing the file to workerd's own loader (it does so for a bare `.bin` or `.wasm`).
      return resolved && BINARY.test(resolved.id) ? `${resolved.id}${QUERY}` : null;
    },
    load(id) {
      if (!id.endsWith(QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      const bytes = `Uint8Array.fromBase64(${JSON.stringify(readFileSync(file).toString("base64"))})`;
      if (file.endsWith(".bin")) return `export default ${bytes}.buffer;`;
      return `import { env } from "cloudflare:workers";\nexport default env.__VITEST_POOL_WORKERS_UNSAFE_EVAL.newWasmModule(${bytes});`;
    },
  };
}
