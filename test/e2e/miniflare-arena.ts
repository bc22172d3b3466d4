import { readFileSync } from "node:fs";
import { registerHooks } from "node:module";

/**
 * Loaded into the e2e servers' Node processes (`--import`, test/e2e/global-setup.ts): miniflare's workerd config grows
 * its one buffer by a copy of everything written so far for each small piece (capnp-es's SingleSegmentArena grows by
 * at least 4 KB, not by doubling), and our Worker's 21 MB of modules come before the thousands of small pieces after
 * them (bindings, miniflare's own services). Starting one server spent 35 of its 63 s (wrangler dev, load 17) copying
 * that buffer; growing it by doubling makes the same config in 6 CPU-s instead of 22. workers-sdk issue 15271 (open):
 * when a miniflare release fixes it the text below is no longer found and this does nothing.
 */
const GROWTH = "s.buffer = new ArrayBuffer(srcBuffer.byteLength + minSize);";
const DOUBLING = "s.buffer = new ArrayBuffer(Math.max(2 * srcBuffer.byteLength, srcBuffer.byteLength + minSize));";

registerHooks({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    if (!url.endsWith("/miniflare/dist/src/index.js")) return loaded;
    // A CommonJS module required may come without its source: read it then.
    const source = loaded.source == null ? readFileSync(new URL(url), "utf8") : String(loaded.source);
    return source.includes(GROWTH) ? { ...loaded, source: source.replace(GROWTH, DOUBLING) } : loaded;
  },
});
