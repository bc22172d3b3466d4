import { escapeHtml } from "../lib/mailer";

/**
 * The Markdown the API document's texts are written in (summaries, descriptions, the guide), as HTML for the
 * reference page: `code`, **strong**, *emphasis*, [links](/path or https://…), paragraphs and '- ' lists. Text is
 * escaped first, so nothing in it becomes markup of its own; a link goes only to this site or an https address.
 */
function inline(text: string): string {
  const codes: string[] = [];
  let html = escapeHtml(text).replace(/`([^`]+)`/g, (_m, code: string) => {
    codes.push(`<code>${code}</code>`);
    return `\uE000${codes.length - 1}\uE000`;
  });
  html = html
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[\s(])\*([^*\s][^*]*)\*(?=[\s.,;:)!?]|$)/g, "$1<em>$2</em>")
    .replace(/\[([^\]]+)\]\(((?:\/|https:\/\/|#)[^)\s]*)\)/g, '<a href="$2">$1</a>');
  return html.replace(/\uE000(\d+)\uE000/g, (_m, i: string) => codes[Number(i)]);
}

/** Blocks: paragraphs split by blank lines; a block of '- ' lines is a list, of '1. ' lines a numbered one. */
export function markdown(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block.split("\n");
      if (lines.every((l) => /^\s*- /.test(l))) return `<ul>${lines.map((l) => `<li>${inline(l.replace(/^\s*- /, ""))}</li>`).join("")}</ul>`;
      if (lines.every((l) => /^\s*\d+\. /.test(l))) return `<ol>${lines.map((l) => `<li>${inline(l.replace(/^\s*\d+\. /, ""))}</li>`).join("")}</ol>`;
      return `<p>${inline(lines.join(" "))}</p>`;
    })
    .join("");
}

/** One line of Markdown, without its paragraph (a summary inside a heading or a table cell). */
export const markdownInline = (text: string) => inline(text.replace(/\s*\n\s*/g, " "));
