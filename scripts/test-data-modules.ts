// A vite plugin of the worker tests only (vitest.config.ts): a data module the app imports (`*.bin`, the OCR models,
// 4.7 MB) reaches the test runtime as a JavaScript module holding its bytes in base64, not through the test pool's
// module fallback, which sends a data module's bytes as a JSON array of numbers (4.1 MB of model: 13 MB of JSON, made in
// Node and read back in workerd by every runtime that reads an image, 16 s at load 19). The module is the same
// ArrayBuffer of the same bytes; the build and deploys keep wrangler's Data modules.
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

const QUERY = "?test-data-module";

export function testDataModules(): Plugin {
  return {
    name: "parcelhive:test-data-modules",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!source.endsWith(".bin") || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      // A query keeps the pool from handing the file to workerd's own loader (it does so for a bare `.bin` path).
      return resolved ? `${resolved.id}${QUERY}` : null;
    },
    load(id) {
      if (!id.endsWith(QUERY)) return null;
      const base64 = readFileSync(id.slice(0, -QUERY.length)).toString("base64");
      return `export default Uint8Array.fromBase64(${JSON.stringify(base64)}).buffer;`;
    },
  };
}
