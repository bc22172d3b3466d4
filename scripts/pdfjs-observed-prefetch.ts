/**
 * pdf.js, as unpdf bundles it, leaves promises of its own rejected with nobody observing them when a PDF's page tree
 * is damaged (issue 36, class 8). Loading a document walks the tree for its first and last page
 * (`Catalog.getPageDict`), and at the top-level /Pages node it starts fetching every kid at once, caching each
 * fetch's promise for later (pdf.js PR 18627). When one kid is damaged the walk throws before it awaits the others,
 * and their fetches that fail too ('End of file inside array', 'Illegal character') reject with no handler. The
 * upload is still refused as it must be (our own awaits see the walk's error), but in a Worker an unhandled
 * rejection is reported against the request, and vitest fails the run on it.
 *
 * This plugin marks each prefetch observed where it is made, keeping the promise as it is: whoever awaits it later
 * still gets its rejection. It applies wherever the worker is bundled (vite build, the test pool, the benches). When
 * unpdf's bundle no longer holds the code (an upgrade that rewrote or fixed it) the build fails, so the fix is looked
 * at again rather than silently lost (test/worker/import-fuzz.test.ts replays the damaged files that showed it).
 */
import type { Plugin } from "vite";

/** unpdf's minified form of `pageDictCache.put(lastKid, xref.fetchAsync(lastKid))` under the top-level test. */
const PREFETCH = /(\w+)===this\.toplevelPagesDict&&(\w+) instanceof (\w+)&&!(\w+)\.has\(\2\)&&\4\.put\(\2,(\w+)\.fetchAsync\(\2\)\)/g;
const PDFJS_BUNDLE = /[\\/]node_modules[\\/]unpdf[\\/]dist[\\/]pdfjs\.mjs(\?.*)?$/;

/** The bundle's source with every page prefetch observed; throws unless the prefetch appears exactly once. */
export function observePdfjsPrefetch(source: string): string {
  const found = source.match(PREFETCH)?.length ?? 0;
  if (found !== 1) throw new Error(`pdfjs-observed-prefetch: expected pdf.js's page-tree prefetch once in unpdf's bundle, found it ${found} times`);
  return source.replace(PREFETCH, (_all, node, kid, ref, cache, xref) => `${node}===this.toplevelPagesDict&&${kid} instanceof ${ref}&&!${cache}.has(${kid})&&${cache}.put(${kid},((p)=>(p.catch(()=>{}),p))(${xref}.fetchAsync(${kid})))`);
}

export function pdfjsObservedPrefetch(): Plugin {
  return {
    name: "parcelhive:pdfjs-observed-prefetch",
    enforce: "pre",
    transform(code, id) {
      if (!PDFJS_BUNDLE.test(id)) return null;
      return { code: observePdfjsPrefetch(code), map: null };
    },
  };
}
