import type { Context } from "hono";
import type { AppEnv } from "../context";
import { documentUser } from "../auth/document-cookie";
import { signAccessToken } from "../auth/tokens";
import { log } from "../lib/log";
import { LABELS_DOCUMENT_FILE, SERVER_CARDS, type ScreenAnswers, serverScreen, type ServerTemplate } from "../../web/shell/card-markup";

/**
 * /labels' HTML document (wrangler.toml runs the Worker first for /labels). For a seller the document cookie names
 * (worker/auth/document-cookie.ts), on the plain list (no query), the list's first screen is drawn into the document:
 * the page as the boot script would draw it once the API answered (web/shell/first-cards.ts), so the largest paint
 * (the first card) comes with the HTML instead of a round trip after it (issue 33; bench/README 'Lighthouse'). The
 * boot script keeps it where the app shows cards (a phone, the cards view) and draws its own shell elsewhere; the
 * app's first render replaces it with the same markup. Anyone else, or anything failing, gets index.html as before.
 *
 * The data comes from the API itself, called in this isolate with a 15-minute access token for the cookie's user:
 * the same three answers the boot script asks for, with the same authorisation (a closed account is refused there),
 * so a cookie can show its own seller's labels and nothing else. Every value is HTML-escaped (card-markup.ts' el and
 * esc). The answer is personal: `Cache-Control: private, no-store`, never kept by a cache or the browser.
 */

interface LabelsDocument {
  /** index.html for /labels with `<!--ph:screen-->` in #root (scripts/app-shell.ts labelsDocument). */
  document: string;
  template: ServerTemplate;
  /** What _headers gives every page (the CSP with the boot script's hash...). */
  headers: Record<string, string>;
}

/**
 * The build's labels-document.json, read once an isolate (a deploy starts new ones) from the assets it was built
 * with; null where there is none (vite dev serves no build), asked again next time.
 */
const loaded = new WeakMap<Fetcher, Promise<LabelsDocument | null>>();

function labelsDocumentParts(assets: Fetcher, url: URL): Promise<LabelsDocument | null> {
  let parts = loaded.get(assets);
  if (!parts) {
    parts = assets
      .fetch(new URL(`/${LABELS_DOCUMENT_FILE}`, url))
      .then(async (res) => {
        if (!res.ok || !res.headers.get("Content-Type")?.includes("json")) return null;
        const read = (await res.json()) as LabelsDocument;
        return read.document?.includes("<!--ph:screen-->") && read.template?.screen && read.headers ? read : null;
      })
      .catch(() => null);
    loaded.set(assets, parts);
    void parts.then((read) => read ?? loaded.delete(assets));
  }
  return parts;
}

/** Calls the API (this Worker's app) as the user `token` signs in. */
export type ApiCall = (request: Request) => Response | Promise<Response>;

export async function labelsDocument(c: Context<AppEnv>, api: ApiCall): Promise<Response> {
  const plain = () => c.env.ASSETS.fetch(c.req.raw);
  const url = new URL(c.req.url);
  // A search, filter or page: the app's own first render (the boot script's shell), as before. A browser that says it
  // is not a phone (Chromium's Sec-CH-UA-Mobile, sent unasked) shows the list wider than the drawn screen, so the boot
  // script would draw its own: drawing cards there only cost it the server's calls and the whole stylesheet's late
  // request (Lighthouse desktop, /labels: LCP +382 ms pairwise, 5 runs at load 14). Browsers that do not say get them.
  if (url.search || c.req.header("Sec-CH-UA-Mobile") === "?0") return plain();
  try {
    const userId = await documentUser(c.get("directory"), c.env, c.req.header("Cookie"));
    if (!userId) return plain();
    const parts = await labelsDocumentParts(c.env.ASSETS, url);
    if (!parts) return plain();
    const token = await signAccessToken(c.env, userId);
    const get = async (path: string) => {
      const res = await api(new Request(new URL(path, url), { headers: { Authorization: `Bearer ${token}` } }));
      return res.ok ? ((await res.json()) as unknown) : null;
    };
    const [labels, needsAction, couriers] = await Promise.all(["/api/v1/labels", "/api/v1/labels/needs-action", "/api/v1/couriers"].map(get));
    const screen = labels && needsAction && couriers ? serverScreen(parts.template, { labels, needsAction, couriers } as ScreenAnswers, SERVER_CARDS) : null;
    if (!screen) return plain();
    return new Response(parts.document.replace("<!--ph:screen-->", () => screen), {
      headers: { ...parts.headers, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  } catch (err) {
    log("warn", "labels document: served the plain shell", { error: String(err) });
    return plain();
  }
}
