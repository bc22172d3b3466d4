/**
 * Allowlist sanitizer for the HTML of inbound mail, run on the server with workerd's streaming
 * HTMLRewriter. What survives is shown in a sandboxed iframe, but it must be harmless on its own:
 * - active or embedding elements (script, style, iframe, object, embed, form, ...) go with their content;
 * - elements outside the allowlist are unwrapped (their text stays);
 * - only listed attributes stay; every on* handler goes;
 * - links keep only http(s), mailto and tel URLs (after decoding entities), never javascript:/data:;
 * - images are never loaded (remote images track the reader): each becomes a text placeholder;
 * - inline styles that could fetch anything (url(), @import, expression) are dropped.
 */

const DROP_WITH_CONTENT = new Set([
  "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "form", "input", "button",
  "select", "textarea", "option", "noscript", "template", "svg", "math", "head", "title", "meta", "link", "base",
  "audio", "video", "source", "track", "canvas", "picture", "portal", "noembed", "noframes", "xml", "param",
]);

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
  rpar: ")", nbsp: " ",
};

/** Decodes character references the way a browser would before it reads a URL attribute. */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** True for a URL a reader may follow: http(s), mailto, tel or an in-page anchor. */
export function isSafeUrl(raw: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  return SAFE_URL.test(url) && !/&[a-z0-9#]+;?/i.test(url.slice(0, 12));
}

function isSafeStyle(style: string): boolean {
  const s = decodeEntities(style).toLowerCase().replace(/\\/g, "");
  return !/(url\s*\(|@import|expression\s*\(|javascript:|behavior\s*:|-moz-binding|image-set\s*\()/.test(s);
}

const escapeText = (s: string) => s.replace(/[&<>]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[ch]!);

class AllowlistElementHandler implements HTMLRewriterElementContentHandlers {
  element(el: Element) {
    const tag = el.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      el.remove();
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
      if (!keep) el.removeAttribute(name);
    }
    if (tag === "a" && el.hasAttribute("href")) {
      el.setAttribute("rel", "noopener noreferrer nofollow");
      el.setAttribute("target", "_blank");
    }
  }

  comments(comment: Comment) {
    comment.remove();
  }
}

/** The sanitized form of `html`: safe to show (and still best shown in a sandboxed iframe). */
export async function sanitizeHtml(html: string): Promise<string> {
  const handler = new AllowlistElementHandler();
  const rewriter = new HTMLRewriter().on("*", handler).onDocument({
    comments: (c) => {
      c.remove();
    },
  });
  const out = await rewriter.transform(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } })).text();
  return out.trim();
}
