import { parseFragment, type DefaultTreeAdapterMap } from "parse5";
import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "../../worker/mail/html-sanitizer";
import { XSS_VECTORS } from "../fixtures/mail/xss-vectors";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/**
 * The sanitizer's output is judged by parse5, a parser that follows the HTML standard as browsers do (not the
 * rewriter the sanitizer uses), in a body, as any API client showing `html_sanitized` would parse it.
 */

// Elements that run script, load something, take input or read their content as raw text.
const DANGEROUS_ELEMENTS = new Set([
  "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "img", "image", "picture", "source",
  "video", "audio", "track", "svg", "math", "link", "meta", "base", "form", "input", "button", "textarea", "select",
  "option", "template", "noscript", "xmp", "plaintext", "noembed", "noframes", "portal", "isindex", "keygen",
  "bgsound", "area", "map", "canvas", "param", "title", "xml", "marquee", "body", "html", "head",
]);
// Attributes that load a resource or name a script or form target.
const LOADING_ATTRS = new Set([
  "src", "srcset", "background", "poster", "action", "formaction", "data", "dynsrc", "lowsrc", "xlink:href", "ping",
  "srcdoc", "codebase", "usemap", "datasrc", "content", "http-equiv", "manifest", "icon", "profile", "longdesc",
]);
const HTML_NS = "http://www.w3.org/1999/xhtml";

/** The style checker of the test, written apart from the sanitizer's: CSS escapes and comments undone. */
function cssAsBrowserReadsIt(css: string): string {
  const noComments = css.replace(/\/\*[\s\S]*?(\*\/|$)/g, "");
  const unescaped = noComments.replace(/\\([0-9a-fA-F]{1,6})\s?|\\\n|\\(.)/g, (_, hex, ch) =>
    hex ? String.fromCodePoint(Math.min(parseInt(hex, 16) || 0xfffd, 0x10ffff)) : (ch ?? ""),
  );
  return unescaped.toLowerCase().replace(/\s+/g, "");
}

function problems(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Node) => {
    if ("tagName" in node) {
      const el = node as Element;
      if (el.namespaceURI !== HTML_NS) found.push(`<${el.tagName}> in ${el.namespaceURI}`);
      if (DANGEROUS_ELEMENTS.has(el.tagName)) found.push(`<${el.tagName}>`);
      for (const { name, value } of el.attrs) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a browser ignores in a URL
        const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
        if (name.startsWith("on")) found.push(`handler ${name}`);
        if (LOADING_ATTRS.has(name)) found.push(`loading attribute ${name}`);
        if (/(javascript|vbscript|livescript|data):/.test(compact)) found.push(`script URL in ${name}`);
        if ((name === "href" || name === "cite") && !/^(https?:\/\/|mailto:|tel:|#)/.test(compact)) found.push(`${name}=${value}`);
        if (name === "style" && /url\(|image-set\(|image\(|expression|behavior|binding|@import|javascript:|data:/.test(cssAsBrowserReadsIt(value))) {
          found.push(`style ${value}`);
        }
      }
    }
    const children = "content" in node && node.content ? [node.content] : [];
    for (const child of [...("childNodes" in node ? node.childNodes : []), ...children]) visit(child as Node);
  };
  visit(parseFragment(html) as unknown as Node);
  return found;
}

describe("mail HTML sanitizer against published XSS vectors", () => {
  it(`leaves nothing executable or loading in any of ${XSS_VECTORS.length} vectors, and is idempotent`, async () => {
    const failures: string[] = [];
    for (const v of XSS_VECTORS) {
      const out = await sanitizeHtml(v.html);
      const found = problems(out);
      if (found.length) failures.push(`${v.source} '${v.name}': ${found.join(", ")} in ${out}`);
      // A reply quotes html_sanitized inside more HTML: what follows must not complete anything left open.
      const quoted = problems(`<blockquote>${out}"'></blockquote><p>reply</p>`);
      if (quoted.length) failures.push(`${v.source} '${v.name}': when quoted: ${quoted.join(", ")} in ${out}`);
      const again = await sanitizeHtml(out);
      if (again !== out) failures.push(`${v.source} '${v.name}': not idempotent: ${out} -> ${again}`);
      if (problems(again).length) failures.push(`${v.source} '${v.name}': second pass ${problems(again).join(", ")}`);
    }
    expect(failures).toEqual([]);
  });

  it("shows the content of xmp as text and keeps the text around it", async () => {
    const out = await sanitizeHtml(`<div>hi<xmp><img src=x onerror=alert(1)> & more</xmp>after</div>`);
    expect(out).toBe(`<div>hi<pre>&lt;img src=x onerror=alert(1)&gt; &amp; more</pre>after</div>`);
  });

  it("lets no remote image through plaintext, whose text runs to the end", async () => {
    const out = await sanitizeHtml(`<div>hi</div><plaintext><img src="http://tracker.example/t.gif">`);
    expect(out).toBe(`<div>hi</div><pre>&lt;img src="http://tracker.example/t.gif"&gt;</pre>`);
  });

  it("drops a style hidden behind CSS escapes, comments or entities and keeps ordinary styles", async () => {
    for (const style of [
      "background:\\75rl(http://tracker.example/css.gif)",
      "background:\\000075rl(http://tracker.example/css.gif)",
      "width:e\\78pression(alert(1))",
      "background:u/**/rl(http://tracker.example/css.gif)",
      "background:&#92;75rl(http://tracker.example/css.gif)",
      "background:&bsol;75rl(http://tracker.example/css.gif)",
      "background-image:image-set('http://tracker.example/t.gif' 1x)",
      "background:url(data:image/png;base64,iVBORw0KGgo=)",
    ]) {
      const out = await sanitizeHtml(`<p style="${style.replace(/"/g, "&quot;")}">x</p>`);
      expect(out, style).toBe("<p>x</p>");
    }
    // An escaped font name (common in Chinese mail) and plain colours stay.
    const kept = `<p style="font-family:'\\5FAE\\8F6F\\96C5\\9ED1';color:#333;font-size:14px">x</p>`;
    expect(await sanitizeHtml(kept)).toBe(kept);
  });

  it("keeps ordinary mail formatting, links and text with angle brackets", async () => {
    const html = `<table width="600" cellpadding="0"><tr><td bgcolor="#ffffff" style="padding:8px"><h1>Order 42</h1><p>Total &lt; £10 &amp; free <b>delivery</b> — 2 > 1</p><a href="https://shop.example/o/42?a=1&amp;utm_source=mail">Track</a></td></tr></table>`;
    expect(await sanitizeHtml(html)).toBe(
      `<table width="600" cellpadding="0"><tr><td bgcolor="#ffffff" style="padding:8px"><h1>Order 42</h1><p>Total &lt; £10 &amp; free <b>delivery</b> — 2 &gt; 1</p><a href="https://shop.example/o/42?a=1&amp;utm_source=mail" rel="noopener noreferrer nofollow" target="_blank">Track</a></td></tr></table>`,
    );
  });
});
