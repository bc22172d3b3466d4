import { startEarlyCall } from "../api/early";
import { tokens } from "../api/tokens";
import { earlyCalls } from "./early-calls";
import { drawsFirstCards } from "./first-cards";
import { screenOf, shellVariant, type ShellScreen } from "./screens";

/**
 * The app shell's boot script, inlined at the end of index.html's body by the build (scripts/app-shell.ts) and
 * run while the page is read, before the first paint and before any script arrives: it shows the shell screen for
 * the address and the stored sign-in (one of the <template>s above it) and, signed in, starts the screen's first
 * API calls (web/api/early.ts). On /labels it then draws the list's first cards from the early answers
 * (./first-cards.ts) before it starts the app.
 *
 * The app's entry script (and the modules it and the screen import, linked for preloading) is started from here,
 * once what the screen shows is painted: on /labels that is the first cards (the app's first render waits for the
 * same answers anyway, web/app/first-render.ts), so the cards paint as soon as the answers arrive, not after React
 * and its libraries have been downloaded and run; anywhere else the shell, one frame after it is drawn. The app's
 * code is therefore fetched after what the first paint needs, not beside it: on a slow connection /labels' cards
 * come ~0.8 s sooner (bench/README).
 */
declare const __SHELL_PRELOADS__: Partial<Record<ShellScreen, string[]>>;
declare const __SHELL_ENTRY__: string;
declare const __SHELL_ENTRY_IMPORTS__: string[];
declare const __FIRST_CARDS_SCRIPT__: string;

/** As long as the app's first render waits for its data (FIRST_RENDER_WAIT_MS, web/app/first-render.ts). */
const FIRST_CARDS_WAIT_MS = 3000;

function preload(hrefs: readonly string[]) {
  for (const href of hrefs) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.fetchPriority = "low"; // not needed for the first paint, which the shell has made
    link.href = href;
    document.head.append(link);
  }
}

/** The entry's and the screen's code linked for preloading, and the app's entry started. */
function startApp(screenCode: readonly string[]) {
  preload([...__SHELL_ENTRY_IMPORTS__, ...screenCode]);
  const script = document.createElement("script");
  script.type = "module";
  script.crossOrigin = "";
  script.src = __SHELL_ENTRY__;
  document.body.append(script);
}

/**
 * The list's first cards in place of the loading line, when the answers are in and the app would show them: drawn
 * by a script of their own (./first-cards-script.ts), loaded beside the answers.
 */
function drawFirstCards(root: HTMLElement, calls: string[]): Promise<unknown> {
  const shown = root.firstChild;
  const drawn = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = __FIRST_CARDS_SCRIPT__;
    // Needed for the paint, unlike the app's scripts (which wait for it).
    script.fetchPriority = "high";
    script.onload = () => resolve(window.__phFirstCards?.(root, shown, calls, listSearch()));
    script.onerror = reject;
    document.head.append(script);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise((resolve) => (timer = setTimeout(resolve, FIRST_CARDS_WAIT_MS)));
  return Promise.race([drawn, late]).finally(() => clearTimeout(timer));
}

/**
 * Resolves once the page has painted what is in the DOM now (a task queued from the next animation frame runs after
 * that frame's paint), or after 100 ms where frames are not drawn (a tab opened in the background).
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/** The list's address: a signed-in /login shows plain /labels. */
const listSearch = () => (location.pathname.startsWith("/labels") ? location.search : "");

/** Draws the screen and starts its calls; answers the screen's own code and when what it shows is drawn. */
function boot(): { screenCode: readonly string[]; drawn: Promise<unknown> } {
  let token: string | null = null;
  try {
    token = tokens.access();
  } catch {
    // No storage (a locked-down browser): signed out, as the app will find too.
  }
  const variant = shellVariant(location.pathname, Boolean(token), location.hash);
  const template = document.getElementById(`shell-${variant}`);
  const root = document.getElementById("root");
  // A #root with content is /labels' document drawn by the Worker with the first cards (worker/labels/document.ts;
  // index.html's is empty): kept where the app shows cards. (Every byte here is in every page's HTML, which is just
  // inside the first round trip: bench/README 'Lighthouse'.)
  const served = Boolean(root?.firstChild);
  let cards = variant === "labels-in" && root && drawsFirstCards({ search: listSearch() });
  if (cards && served) cards = false;
  else if (template instanceof HTMLTemplateElement && root) root.replaceChildren(template.content.cloneNode(true));
  const screenCode = __SHELL_PRELOADS__[screenOf(variant)] ?? [];
  if (!token) return { screenCode, drawn: Promise.resolve() };
  const calls = earlyCalls(variant, location);
  const start = () => {
    for (const url of calls) startEarlyCall(url, token);
  };
  // The Worker's cards paint first: a call started before that paint counts in Lighthouse's largest-paint estimate.
  if (served) void afterNextPaint().then(start);
  else start();
  return { screenCode, drawn: cards && root ? drawFirstCards(root, calls) : Promise.resolve() };
}

// Whatever happens to the first cards (no answer, an error status, a browser without something), the app starts,
// once what the boot script drew is painted: its code, requested while that frame is still to be painted, could
// finish first and count, in Lighthouse's estimate, as if the paint had waited for it (bench/README's history in git,
// session 4: / read an FCP of 1.3 s in such runs, /labels an LCP of 2.5 s). The cost is one frame.
let booted: ReturnType<typeof boot>;
try {
  booted = boot();
} catch {
  booted = { screenCode: [], drawn: Promise.resolve() };
}
void booted.drawn
  .catch(() => {})
  .then(afterNextPaint)
  .finally(() => startApp(booted.screenCode));
