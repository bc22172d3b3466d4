/**
 * Allowlist sanitizer for the HTML of inbound mail, run on the server with workerd's streaming
 * HTMLRewriter. What survives is shown in a sandboxed iframe, but it must be harmless on its own, for any
 * API client that shows `html_sanitized`:
 * - active, embedding or raw-text elements (script, style, iframe, object, embed, form, textarea, title,
 *   noscript, noembed, noframes, template, svg, math, ...) go with their content;
 * - xmp, plaintext and listing, whose content a browser shows as text, become <pre> with that text escaped;
 * - elements outside the allowlist are unwrapped (their text stays);
 * - only listed attributes stay; every on* handler goes;
 * - links keep only http(s), mailto and tel URLs (after decoding entities), never javascript:/vbscript:/data:;
 * - images are never loaded (remote images track the reader, data: images included): each becomes a text
 *   placeholder;
 * - inline styles that could fetch or run anything (url(), image-set(), @import, expression, behavior,
 *   -moz-binding, javascript:/data:) are dropped, judged after decoding entities, CSS escapes and comments;
 * - every '<' and '>' left in text is escaped, so no text can become markup when the result is parsed again,
 *   whatever a browser's parser makes of the input that the rewriter's did not.
 */

const DROP_WITH_CONTENT = new Set([
  "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "form", "input", "button",
  "select", "textarea", "option", "noscript", "template", "svg", "math", "head", "title", "meta", "link", "base",
  "audio", "video", "source", "track", "canvas", "picture", "portal", "noembed", "noframes", "xml", "param",
]);

/** Elements whose content a browser shows as literal text (raw text, or pre-formatted): shown as <pre>. */
const SHOWN_AS_TEXT = new Set(["xmp", "plaintext", "listing"]);

const ALLOWED_TAGS = new Set([
  "a", "abbr", "address", "b", "bdi", "bdo", "big", "blockquote", "br", "caption", "center", "cite", "code", "col",
  "colgroup", "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "font", "footer",
  "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "i", "ins", "kbd", "li", "main", "mark", "ol", "p", "pre",
  "q", "s", "samp", "section", "small", "span", "strike", "strong", "sub", "summary", "sup", "table", "tbody",
  "td", "tfoot", "th", "thead", "time", "tr", "tt", "u", "ul", "var", "wbr",
]);

const ALLOWED_ATTRS = new Set([
  "href", "title", "alt", "align", "valign", "width", "height", "colspan", "rowspan", "border", "cellpadding",
  "cellspacing", "bgcolor", "color", "face", "size", "dir", "lang", "style", "start", "type", "datetime", "cite",
  "span", "nowrap",
]);

const URL_ATTRS = new Set(["href", "cite"]);
const SAFE_URL = /^(https?:\/\/|mailto:|tel:|#)/i;

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", colon: ":", tab: "\t", newline: "\n", sol: "/", lpar: "(",
  rpar: ")", nbsp: " ", bsol: "\\", num: "#", excl: "!", quest: "?", equals: "=", semi: ";", lowbar: "_",
  period: ".", comma: ",", percnt: "%", plus: "+", ast: "*", midast: "*", commat: "@", hyphen: "-", dash: "-",
  lsqb: "[", rsqb: "]", lcub: "{", rcub: "}", verbar: "|", grave: "`", dollar: "$",
};

/**
 * Decodes character references the way a browser would before it reads an attribute. `unknown` is set when a
 * named reference is not in the short list above: a browser knows two thousand, so the caller must not trust
 * the decoded text where that matters.
 */
function decodeEntities(value: string): { text: string; unknown: boolean } {
  let unknown = false;
  const text = value.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
    }
    const known = NAMED_ENTITIES[ref.toLowerCase()];
    if (known === undefined) unknown = true;
    return known ?? whole;
  });
  return { text, unknown };
}

/** True for a URL a reader may follow: http(s), mailto, tel or an in-page anchor. */
export function isSafeUrl(raw: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip control characters inside a URL scheme
  const url = decodeEntities(raw).text.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  // An unknown entity in the scheme could decode to ':' in a browser: only the scheme part matters here.
  return SAFE_URL.test(url) && !/&[a-z0-9#]+;?/i.test(url.slice(0, 12));
}

/** CSS escapes as a browser's CSS parser reads them: \75 or \000075 (hex, then one optional space), \u, \<newline>. */
function decodeCssEscapes(css: string): string {
  return css.replace(/\\(?:([0-9a-f]{1,6})(?:\r\n|[ \t\r\n\f])?|(\r\n|[\r\n\f])|([\s\S]))/gi, (_, hex?: string, newline?: string, ch?: string) => {
    if (hex) {
      const code = parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\ufffd";
    }
    return newline ? "" : (ch ?? "");
  });
}

const withoutCssComments = (css: string) => css.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, "");

/** Anything in a style value that fetches a resource or runs script, in any browser old or new. */
const UNSAFE_CSS = /(?:url|src|image|image-set|cross-fade|element|paint)\(|expression|behavior|binding|@import|javascript:|vbscript:|livescript:|data:/;

export function isSafeStyle(style: string): boolean {
  const { text, unknown } = decodeEntities(style);
  if (unknown) return false;
  // Comments and escapes are undone in both orders, and spaces and controls removed, so that neither
  // "u/**/rl(", "\75rl(" nor "url (" hides a fetch from the check.
  return [withoutCssComments(decodeCssEscapes(text)), decodeCssEscapes(withoutCssComments(text))].every(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: CSS parsers skip control characters, so must the filter
    (form) => !UNSAFE_CSS.test(form.toLowerCase().replace(/[\s\u0000-\u001f\u007f-\u009f]/g, "")),
  );
}

const escapeText = (s: string) => s.replace(/[&<>]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[ch]!);
const escapeAngles = (s: string) => s.replace(/[<>]/g, (ch) => (ch === "<" ? "&lt;" : "&gt;"));

class AllowlistElementHandler implements HTMLRewriterElementContentHandlers {
  /** Inside an element shown as text: its '&' is literal too (xmp and plaintext decode no references). */
  literalText = false;
  openPlaintext = false;

  element(el: Element) {
    const tag = el.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      el.remove();
      return;
    }
    if (SHOWN_AS_TEXT.has(tag)) {
      for (const [name] of [...el.attributes]) el.removeAttribute(name);
      el.tagName = "pre";
      // listing is parsed as ordinary HTML, like pre; xmp and plaintext content is raw text.
      if (tag !== "listing") {
        this.literalText = true;
        // plaintext has no end tag: everything after it is its text, and sanitizeHtml closes the <pre>.
        if (tag === "xmp")
          el.onEndTag(() => {
            this.literalText = false;
          });
        else this.openPlaintext = true;
      }
      return;
    }
    if (tag === "img") {
      const alt = el.getAttribute("alt")?.trim();
      el.replace(`[image${alt ? `: ${escapeText(alt.slice(0, 120))}` : ""}]`, { html: false });
      return;
    }
    if (!ALLOWED_TAGS.has(tag)) {
      el.removeAndKeepContent();
      return;
    }
    const names = [...el.attributes].map(([name]) => name);
    for (const name of names) {
      const lower = name.toLowerCase();
      const value = el.getAttribute(name) ?? "";
      const keep =
        ALLOWED_ATTRS.has(lower) &&
        (!URL_ATTRS.has(lower) || isSafeUrl(value)) &&
        (lower !== "style" || isSafeStyle(value));
      // Rewritten double-quoted with '<' and '>' as references (the value is raw source text, so its meaning
      // is unchanged): the only '<' and '>' in the output are then those that open and close tags.
      if (keep) el.setAttribute(name, escapeAngles(value));
      else el.removeAttribute(name);
    }
    if (tag === "a" && el.hasAttribute("href")) {
      el.setAttribute("rel", "noopener noreferrer nofollow");
      el.setAttribute("target", "_blank");
    }
  }

  /** No '<' or '>' survives in text: nothing the rewriter read as text can be read as markup later. */
  text(chunk: Text) {
    if (this.literalText) {
      if (chunk.text) chunk.replace(escapeText(chunk.text), { html: true });
    } else if (/[<>]/.test(chunk.text)) {
      chunk.replace(escapeAngles(chunk.text), { html: true });
    }
  }
}

/**
 * The rewriter's output with what it passes through untouched taken out. Text and kept attributes hold no '<' or
 * '>' (see above), so every '<' opens a tag that must close at the next '>':
 * - a tag left open at the end of the input is passed through raw; a browser drops it, but anything appended
 *   after it (a reply quoting this HTML) would complete it, so it is cut;
 * - doctypes, and end tags of elements that are not kept (a stray </title>), are removed.
 */
function withoutPassedThroughMarkup(html: string): string {
  let end = html.length;
  for (let open = html.indexOf("<"); open !== -1; open = html.indexOf("<", open + 1)) {
    const close = html.indexOf(">", open);
    const next = html.indexOf("<", open + 1);
    if (close === -1 || (next !== -1 && next < close)) {
      end = open;
      break;
    }
    open = close;
  }
  return html
    .slice(0, end)
    .replace(/<![^<>]*>/g, "")
    .replace(/<\/([^\s/<>]*)[^<>]*>/g, (tag, name: string) => (ALLOWED_TAGS.has(name.toLowerCase()) ? tag : ""));
}

/** The sanitized form of `html`: safe to show (and still best shown in a sandboxed iframe). */
export async function sanitizeHtml(html: string): Promise<string> {
  const handler = new AllowlistElementHandler();
  const rewriter = new HTMLRewriter().on("*", { element: (el) => handler.element(el) }).onDocument({
    text: (chunk) => handler.text(chunk),
    comments: (c) => {
      c.remove();
    },
  });
  const out = await rewriter.transform(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } })).text();
  const safe = withoutPassedThroughMarkup(out).trim();
  return handler.openPlaintext ? `${safe}</pre>` : safe;
}
