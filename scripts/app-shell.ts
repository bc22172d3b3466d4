/**
 * The app shell (issue 26: first paint from the HTML alone). At build time, for the client's index.html:
 *
 *  - the entry script and its modulepreload links leave the HTML: the boot script fetches them (see below);
 *  - the app's stylesheet goes inline (28 KB, 7 KB compressed: one request fewer before anything paints; the
 *    stylesheets of lazy screens, uPlot's, still load with their screens);
 *  - each shell screen (web/shell/screens.ts) is drawn from the app's components (web/shell/Shell.tsx, rendered in
 *    Node by a small SSR build) into a <template>;
 *  - the boot script (web/shell/boot.ts, built as one IIFE) goes inline after them: it shows the template for the
 *    address and sign-in, links the screen's code for preloading (the chunks listed here from the bundle), starts
 *    its first API calls, on /labels loads the script that draws the first cards from their answers
 *    (web/shell/first-cards-script.ts, built here with the list screen's markup into assets/first-cards-<hash>.js),
 *    and starts the entry script (linking the modules it imports), on /labels after the first cards are drawn;
 *  - the Content-Security-Policy in the output's _headers (public/_headers) allows that one script by its SHA-256,
 *    and nothing else inline; a rule added there has /labels' document preload the first cards' script on a phone
 *    (firstCardsPreload);
 *  - labels-document.json beside index.html: what the Worker draws /labels' document from for a signed-in seller,
 *    the first cards in the HTML itself (labelsDocument; worker/labels/document.ts).
 *
 * `vite dev` serves index.html as it is: the app renders without a shell there.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type Rolldown } from "vite";
import { FIRST_CARDS_MEDIA, LABELS_DOCUMENT_FILE, LABELS_DOCUMENT_VARIANTS, SCREEN_MODULES, SHELL_VARIANTS, type ShellScreen, type ShellVariant } from "../web/shell/screens.ts";

const SHELL_SOURCE = "web/shell/Shell.tsx";
const BOOT_SOURCE = "web/shell/boot.ts";
const FIRST_CARDS_SOURCE = "web/shell/first-cards-script.ts";
const CARD_MARKUP_SOURCE = "web/shell/card-markup.ts";
/** The CSP source list the hash joins (public/_headers). */
const SCRIPT_SRC = "script-src 'self'";

type Output = Rolldown.OutputBundle;
/** web/shell/card-markup.ts' ServerTemplate (not imported: its modules are the web app's, not this program's). */
interface ServerTemplate {
  screen: string;
  parts: { copyIcon: string; mapsIcon: string; logos: Record<string, string> };
}
/** What renderShell gives: each variant's markup, the list screen's, and the list screen's template for the Worker. */
type ShellMarkup = Record<ShellVariant | "labelsList", string> & { serverTemplate(doc: unknown): ServerTemplate | null };
type Chunk = Rolldown.OutputChunk;

/** A separate, unwritten production build of one module of this project (not the app's config). */
async function buildCode(root: string, options: { define?: Record<string, string>; build: NonNullable<Parameters<typeof build>[0]>["build"] }): Promise<string> {
  const result = await build({ configFile: false, logLevel: "warn", root, mode: "production", ...options, build: { write: false, ...options.build } });
  return ((Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput).output[0].code;
}

/** The shell screens' markup: Shell.tsx built for Node into a temp module of this project (so React resolves). */
async function renderShell(root: string): Promise<ShellMarkup> {
  const code = await buildCode(root, { build: { ssr: SHELL_SOURCE, minify: false, rollupOptions: { output: { format: "esm" } } } });
  const dir = path.join(root, "node_modules/.tmp");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `app-shell-${process.pid}-${Date.now()}.mjs`);
  writeFileSync(file, code);
  try {
    const mod = (await import(pathToFileURL(file).href)) as {
      renderShell(): Record<ShellVariant, string>;
      renderLabelsList(): string;
      labelsServerTemplate(doc: unknown): ServerTemplate | null;
    };
    return { ...mod.renderShell(), labelsList: mod.renderLabelsList(), serverTemplate: mod.labelsServerTemplate };
  } finally {
    rmSync(file, { force: true });
  }
}

/** The boot script as one IIFE, with each screen's chunks to preload, the entry script to start and /labels's first cards' script. */
async function bootScript(
  root: string,
  preloads: Partial<Record<ShellScreen, string[]>>,
  scripts: { entry: string; entryImports: string[]; firstCards: string },
): Promise<string> {
  const code = await buildCode(root, {
    define: {
      __SHELL_PRELOADS__: JSON.stringify(preloads),
      __SHELL_ENTRY__: JSON.stringify(scripts.entry),
      __SHELL_ENTRY_IMPORTS__: JSON.stringify(scripts.entryImports),
      __FIRST_CARDS_SCRIPT__: JSON.stringify(scripts.firstCards),
    },
    build: { minify: true, lib: { entry: BOOT_SOURCE, formats: ["iife"], name: "parcelhiveBoot" } },
  });
  // Inline in HTML: a '</script' inside would end the element.
  return code.trim().replaceAll("</script", "<\\/script");
}

/** Chunks `from` imports statically, transitively (itself included). */
function staticGraph(bundle: Output, from: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[from] as Chunk | undefined;
  if (!chunk || seen.has(from)) return seen;
  seen.add(from);
  for (const dep of chunk.imports) staticGraph(bundle, dep, seen);
  return seen;
}

/** Each screen's chunks (its modules and what they import) that the entry script does not load itself. */
function screenPreloads(bundle: Output, entry: Chunk, root: string): Partial<Record<ShellScreen, string[]>> {
  const chunks = Object.values(bundle).filter((o): o is Chunk => o.type === "chunk");
  const entryGraph = staticGraph(bundle, entry.fileName);
  const preloads: Partial<Record<ShellScreen, string[]>> = {};
  for (const [screen, modules] of Object.entries(SCREEN_MODULES) as [ShellScreen, string[]][]) {
    const files = new Set<string>();
    for (const module of modules) {
      const id = path.join(root, module);
      const chunk = chunks.find((c) => c.facadeModuleId === id && c.isDynamicEntry);
      if (!chunk) throw new Error(`app shell: ${module} (SCREEN_MODULES.${screen}) is not a lazily loaded chunk of the build`);
      for (const f of staticGraph(bundle, chunk.fileName)) if (!entryGraph.has(f)) files.add(`/${f}`);
    }
    preloads[screen] = [...files];
  }
  return preloads;
}

/**
 * The _headers rule that has /labels' document ask for its first cards' script as soon as its headers arrive, on a
 * screen under 600 px (FIRST_CARDS_MEDIA: where the boot script may draw cards, web/shell/first-cards.ts), instead of when
 * the boot script runs at the end of the parsed page. In Lighthouse's simulation (mobile, slow 4G) the script's 8 KB
 * came last of what the cards wait for: on its own new connection, sharing the line with the four API calls and the
 * favicon, it needed two round trips after the boot script; asked for from the headers it arrives before the API
 * answers (bench/lantern-chain.mjs shows the chain). A phone at /labels that draws no cards (a search, the compact
 * view, signed out) fetches it for nothing; a wider screen never does. Low priority: at the default (high), a
 * script that arrives before the first paint counts in Lighthouse's estimate as blocking it (FCP +129 ms in an A/B);
 * the boot script's own request for it (high) takes the preloaded answer. The header adds ~90 bytes to a document of
 * ~14.4 KB, whose first round trip carries 14.6 KB (bench/README 'Lighthouse': past that, a round trip more).
 */
function firstCardsPreload(file: string): string {
  return `\n# /labels' first cards (scripts/app-shell.ts firstCardsPreload).\n/labels\n  Link: </${file}>; rel=preload; as=script; fetchpriority=low; media="${FIRST_CARDS_MEDIA}"\n`;
}

/** Top-level blocks of a minified stylesheet as [prelude, body], braces and quotes respected. */
function cssBlocks(css: string): [string, string][] {
  const out: [string, string][] = [];
  let i = 0;
  const skipQuoted = (j: number) => {
    const quote = css[j];
    for (j++; j < css.length && css[j] !== quote; j++) if (css[j] === "\\") j++;
    return j;
  };
  while (i < css.length) {
    let j = i;
    for (; j < css.length && css[j] !== "{"; j++) if (css[j] === '"' || css[j] === "'") j = skipQuoted(j);
    if (j >= css.length) break;
    let depth = 1;
    let k = j + 1;
    for (; k < css.length && depth > 0; k++) {
      if (css[k] === '"' || css[k] === "'") k = skipQuoted(k);
      else if (css[k] === "{") depth++;
      else if (css[k] === "}") depth--;
    }
    out.push([css.slice(i, j).trim(), css.slice(j + 1, k - 1)]);
    i = k;
  }
  return out;
}

/** `list` split at its top-level commas (not those inside :is(...), [..]). */
function topLevelCommas(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/**
 * The rules of `css` that may apply to markup whose class names are `known`: a style rule is kept when one of its
 * selectors names only known classes (in a :not(...) they do not count), whatever its elements, attributes and states
 * (:hover, [aria-expanded]: kept, so a state changed before the whole stylesheet arrives is drawn); @media and
 * @supports keep their kept rules; other at-rules (@keyframes) stay whole. Used for /labels' server-drawn document,
 * whose screens are known (labelsDocument): 37.5 KB of stylesheet, 8.8 KB compressed, become ~9 KB, 2.8 KB.
 */
function cssFor(css: string, known: ReadonlySet<string>): string {
  let out = "";
  for (const [prelude, body] of cssBlocks(css)) {
    if (/^@(media|supports)\b/.test(prelude)) {
      const inner = cssFor(body, known);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith("@")) out += `${prelude}{${body}}`;
    else if (topLevelCommas(prelude).some((selector) => [...selector.replace(/:not\([^)]*\)/g, "").matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((m) => known.has(m[1]))))
      out += `${prelude}{${body}}`;
  }
  return out;
}

/** Every class name in `markup`'s class attributes and in the class strings of `source` (card-markup.ts' `class: "…"`). */
function classNames(markup: string, source: string): Set<string> {
  const known = new Set<string>();
  for (const m of [...markup.matchAll(/class="([^"]*)"/g), ...source.matchAll(/class(?:Name)?(?::| =) "([^"]*)"/g)]) for (const c of m[1].split(/\s+/)) if (c) known.add(c);
  return known;
}

/**
 * What the Worker needs to answer /labels' document for a signed-in seller with the first cards in it
 * (worker/labels/document.ts), written as labels-document.json beside index.html: the document (index.html with
 * the list screen's place marked `<!--ph:screen-->` in #root, only the shell screens /labels can show, and only
 * the stylesheet's rules those screens and the cards may use: a second script links the whole one after the first
 * paint), the list screen with a marker for each value (first-cards.ts' serverTemplate, run here in
 * happy-dom), and the headers _headers gives every page (the CSP with the boot script's hash). Nothing in it is
 * personal: it is a public asset like index.html.
 *
 * Why: in Lighthouse's mobile simulation /labels' largest paint (the first card's deadline line) waited for the HTML,
 * the boot script and then the list's API answers (>= 1 round trip more, ~1.2 s quiet). Drawn into the HTML it
 * paints with the document. The document must stay inside the first round trip's 14.6 KB (bench/lighthouse.mjs
 * warns): with the whole stylesheet and the other screens it would be ~16.3 KB with three cards.
 */
async function labelsDocument(
  root: string,
  html: string,
  css: { inline: string; file: string },
  shell: ShellMarkup,
  boot: string,
): Promise<{ document: string; template: ServerTemplate; scriptHash: string } | null> {
  const { Window } = await import("happy-dom");
  const window = new Window();
  try {
    const template = shell.serverTemplate(window.document);
    if (!template) throw new Error("app shell: the labels list screen lacks what the first cards fill in (first-cards.ts serverTemplate)");
    const screens = LABELS_DOCUMENT_VARIANTS.map((v) => `<template id="shell-${v}">${shell[v]}</template>`).join("");
    const known = classNames(template.screen + Object.values(template.parts.logos).join("") + screens, readFileSync(path.join(root, CARD_MARKUP_SOURCE), "utf8"));
    const body = html.indexOf("</body>");
    // The whole stylesheet, for what the app draws next, linked once the first frame is painted (so it is never
    // counted as holding the paint up) by a script of this document's own: in the boot script, shared with
    // index.html, its bytes would push every page's HTML past the first round trip. (Linked for print in the head
    // instead, lantern put the stylesheet in /labels' largest paint's path: LCP pairwise -419 ms instead of -566.)
    const wholeCss = `requestAnimationFrame(()=>setTimeout(()=>{const l=document.createElement("link");l.rel="stylesheet";l.href=${JSON.stringify(css.file)};document.head.append(l)}))`;
    const document = `${html.slice(0, body)}${screens}<script>${boot}</script><script>${wholeCss}</script>${html.slice(body)}`
      .replace('<div id="root"></div>', '<div id="root" data-ssr><!--ph:screen--></div>')
      .replace(`<style>${css.inline}</style>`, () => `<style>${cssFor(css.inline, known)}</style>`);
    if (!document.includes("<!--ph:screen-->") || document.includes(`<style>${css.inline}</style>`)) throw new Error("app shell: index.html has no empty #root or no inline stylesheet");
    return { document, template, scriptHash: createHash("sha256").update(wholeCss).digest("base64") };
  } finally {
    await window.happyDOM.close();
  }
}

/** The headers of _headers' first rule (/*, every page), as the Worker's own /labels document must send them. */
function pageHeaders(headers: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = headers.split("\n");
  const start = lines.findIndex((l) => l.trim() === "/*");
  for (const line of lines.slice(start + 1)) {
    if (!line.trim()) break;
    const m = /^\s+([A-Za-z-]+):\s*(.+)$/.exec(line);
    if (m && m[1] !== "Cache-Control") out[m[1]] = m[2].trim();
  }
  return out;
}

export function appShell(): Plugin {
  let root = process.cwd();
  let bootHash: string | undefined;
  let firstCards: string | undefined;
  let firstCardsFile: string | undefined;
  let labelsDoc: Awaited<ReturnType<typeof labelsDocument>> = null;
  return {
    name: "parcelhive:app-shell",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: "post",
      async handler(html, ctx) {
        const { bundle, chunk: entry } = ctx;
        if (!bundle || !entry) return html;
        // The app's stylesheet, inline.
        const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
        if (links.length !== 1) throw new Error(`app shell: expected one stylesheet link in index.html, found ${links.length}`);
        const [link, cssFile] = links[0];
        const css = String((bundle[cssFile] as Rolldown.OutputAsset).source).trim();
        html = html.replace(link, () => `<style>${css}</style>`);
        // The file stays shipped: a lazy chunk importing from the entry lists the entry's stylesheet among the
        // dependencies it preloads, and those lists are written after this hook runs, so no look at the chunks here
        // can tell it is unused. Deleted, the preload fails and the chunk with it ('Unable to preload CSS': the
        // analytics chart, once it imported the entry's formatNumber, never came up).

        // The scripts are not needed for the first paint (the shell is in the HTML) and must not look needed: at the
        // default (high) priority, a script that arrived before the paint counts as blocking it in Lighthouse's
        // simulation. Nothing else competes with them for the connection, so the priority costs them nothing.
        html = html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');

        // The boot script starts the entry and links the modules it imports (web/shell/boot.ts): at once on every
        // screen but /labels, where it first draws the cards from the labels answer. Nothing in the HTML fetches
        // them, so on /labels the app's 117 KB (gzipped) download after the cards' answer and script instead of
        // sharing the connection with them: the cards paint ~0.8 s sooner on slow 4G (Lighthouse, A/B), and React
        // takes over once its code arrives (from the HTTP cache on a return visit).
        const entryTag = /<script type="module" fetchpriority="low" crossorigin src="([^"]+)"><\/script>/;
        const entrySrc = entryTag.exec(html)?.[1];
        if (!entrySrc) throw new Error("app shell: no entry script in index.html");
        html = html.replace(entryTag, "");
        const entryImports: string[] = [];
        html = html.replace(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g, (_, href: string) => {
          entryImports.push(href);
          return "";
        });

        const shell = await renderShell(root);
        const templates = SHELL_VARIANTS.map((v) => `<template id="shell-${v}">${shell[v]}</template>`).join("");
        firstCards = await buildCode(root, {
          define: { __LABELS_LIST__: JSON.stringify(shell.labelsList) },
          build: { minify: true, lib: { entry: FIRST_CARDS_SOURCE, formats: ["iife"], name: "parcelhiveFirstCards" } },
        });
        firstCardsFile = `assets/first-cards-${createHash("sha256").update(firstCards).digest("hex").slice(0, 10)}.js`;
        const boot = await bootScript(root, screenPreloads(bundle, entry, root), { entry: entrySrc, entryImports, firstCards: `/${firstCardsFile}` });
        bootHash = createHash("sha256").update(boot).digest("base64");
        labelsDoc = await labelsDocument(root, html, { inline: css, file: `/${cssFile}` }, shell, boot);
        const body = html.indexOf("</body>");
        if (body < 0) throw new Error("app shell: no </body> in index.html");
        return `${html.slice(0, body)}${templates}<script>${boot}</script>${html.slice(body)}`;
      },
    },
    // The output's _headers (copied from public/) lets the boot script run, by its hash.
    closeBundle() {
      if (this.environment.name !== "client" || !bootHash) return;
      // /labels's first cards' script, a hashed asset as the bundle's (cached as they are).
      if (firstCards && firstCardsFile) writeFileSync(path.join(this.environment.config.build.outDir, firstCardsFile), firstCards);
      const file = path.join(this.environment.config.build.outDir, "_headers");
      const headers = readFileSync(file, "utf8");
      if (!headers.includes(SCRIPT_SRC)) throw new Error(`app shell: no "${SCRIPT_SRC}" in ${file}'s Content-Security-Policy`);
      const written = headers.replace(SCRIPT_SRC, `${SCRIPT_SRC} 'sha256-${bootHash}'`) + (firstCardsFile ? firstCardsPreload(firstCardsFile) : "");
      writeFileSync(file, written);
      if (labelsDoc) {
        // Its CSP allows its own second script too.
        const { scriptHash, ...doc } = labelsDoc;
        const headers = pageHeaders(written.replace(`'sha256-${bootHash}'`, `'sha256-${bootHash}' 'sha256-${scriptHash}'`));
        writeFileSync(path.join(this.environment.config.build.outDir, LABELS_DOCUMENT_FILE), JSON.stringify({ ...doc, headers }));
      }
    },
  };
}
