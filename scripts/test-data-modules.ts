// A vite plugin of the worker tests only (vitest.config.ts): the app's binary modules reach a test runtime as raw bytes
// from a service binding (TEST_FILES, served by this Node process), fetched the first time a module imports them:
//  - a wasm module (`*.wasm`: PDFium, Tesseract, zxing, the image codecs, 8.8 MB) is compiled from them by the pool's
//    own unsafe-eval binding (newWasmModule; workerd refuses to compile wasm from bytes anywhere else, and the pool binds
//    it to every test runtime to run vitest's code): the same WebAssembly.Module wrangler's CompiledWasm rule gives;
//  - a data module (`*.bin`, the OCR models, 4.7 MB) is the same ArrayBuffer of the same bytes.
// Neither route the pool offers carries that much cheaply: its module fallback sends a module's bytes as a JSON array of
// numbers (30 MB for the wasm, made in Node and parsed in workerd by every runtime that imports it), and a module of the
// bytes in base64 goes over the pool's WebSocket, whose runtimes then died with 'Message is too large' (b1bad10).
// `?test-file` does the same for the tests' own fixtures (test/worker/import-fixtures.ts): a Uint8Array of the file.
// The build and deploys keep wrangler's Data and CompiledWasm modules.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const MODULE = "?test-data-module";
const FILE = "?test-file";
const BINARY = /\.(bin|wasm)$/;
const ORIGIN = "http://test-files";

const FIXTURES = path.resolve(import.meta.dirname, "../test/fixtures");

/**
 * The runtime's service binding that answers GET <ORIGIN>/<a file's absolute path> with the file's bytes: a wasm or data
 * module (from wherever node_modules is), or a fixture.
 */
export const testFilesBinding = {
  TEST_FILES: (request: Request) => {
    const file = path.resolve(decodeURIComponent(new URL(request.url).pathname));
    if (!BINARY.test(file) && !file.startsWith(`${FIXTURES}${path.sep}`)) return new Response(`not a test file: ${file}`, { status: 404 });
    return new Response(readFileSync(file));
  },
};

/** A module's code that awaits the file's bytes (an ArrayBuffer) as `bytes`. */
const fetched = (file: string) =>
  `import { env } from "cloudflare:workers";\n` +
  `const answer = await env.TEST_FILES.fetch(${JSON.stringify(`${ORIGIN}${path.resolve(file).split("/").map(encodeURIComponent).join("/")}`)});\n` +
  `if (!answer.ok) throw new Error(${JSON.stringify(`test file ${file}: `)} + answer.status);\n` +
  `const bytes = await answer.arrayBuffer();\n`;

export function testDataModules(): Plugin {
  return {
    name: "parcelhive:test-data-modules",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!BINARY.test(source) || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      // A query keeps the pool from handing the file to workerd's own loader (it does so for a bare `.bin` or `.wasm`).
      return resolved && BINARY.test(resolved.id) ? `${resolved.id}${MODULE}` : null;
    },
    load(id) {
      if (id.endsWith(FILE)) return `${fetched(id.slice(0, -FILE.length))}export default new Uint8Array(bytes);`;
      if (!id.endsWith(MODULE)) return null;
      const file = id.slice(0, -MODULE.length);
      if (file.endsWith(".bin")) return `${fetched(file)}export default bytes;`;
      return `${fetched(file)}export default env.__VITEST_POOL_WORKERS_UNSAFE_EVAL.newWasmModule(bytes);`;
    },
  };
}
