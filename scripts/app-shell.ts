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
 *    (firstCardsPreload).
 *
 * `vite dev` serves index.html as it is: the app renders without a shell there.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type Rolldown } from "vite";
import { FIRST_CARDS_MEDIA, SCREEN_MODULES, SHELL_VARIANTS, type ShellScreen, type ShellVariant } from "../web/shell/screens.ts";

const SHELL_SOURCE = "web/shell/Shell.tsx";
const BOOT_SOURCE = "web/shell/boot.ts";
const FIRST_CARDS_SOURCE = "web/shell/first-cards-script.ts";
/** The CSP source list the hash joins (public/_headers). */
const SCRIPT_SRC = "script-src 'self'";

type Output = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

/** A separate, unwritten production build of one module of this project (not the app's config). */
async function buildCode(root: string, options: { define?: Record<string, string>; build: NonNullable<Parameters<typeof build>[0]>["build"] }): Promise<string> {
  const result = await build({ configFile: false, logLevel: "warn", root, mode: "production", ...options, build: { write: false, ...options.build } });
  return ((Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput).output[0].code;
}

/** The shell screens' markup: Shell.tsx built for Node into a temp module of this project (so React resolves). */
async function renderShell(root: string): Promise<Record<ShellVariant | "labelsList", string>> {
  const code = await buildCode(root, { build: { ssr: SHELL_SOURCE, minify: false, rollupOptions: { output: { format: "esm" } } } });
  const dir = path.join(root, "node_modules/.tmp");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `app-shell-${process.pid}-${Date.now()}.mjs`);
  writeFileSync(file, code);
  try {
    const mod = (await import(pathToFileURL(file).href)) as { renderShell(): Record<ShellVariant, string>; renderLabelsList(): string };
    return { ...mod.renderShell(), labelsList: mod.renderLabelsList() };
  } finally {
    rmSync(file, { force: true });
  }
}

/** The boot script as one IIFE, with each screen's chunks to preload, the entry script to start and /labels's first cards' script. */
async function bootScript(root: string, preloads: Partial<Record<ShellScreen, string[]>>, scripts: { entry: string; entryImports: string[]; firstCards: string }): Promise<string> {
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

export function appShell(): Plugin {
  let root = process.cwd();
  let bootHash: string | undefined;
  let firstCards: string | undefined;
  let firstCardsFile: string | undefined;
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
        const css = bundle[cssFile] as Rolldown.OutputAsset;
        html = html.replace(link, () => `<style>${String(css.source).trim()}</style>`);
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
      writeFileSync(file, headers.replace(SCRIPT_SRC, `${SCRIPT_SRC} 'sha256-${bootHash}'`) + (firstCardsFile ? firstCardsPreload(firstCardsFile) : ""));
    },
  };
}
