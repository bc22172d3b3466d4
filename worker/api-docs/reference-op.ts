import { escapeHtml } from "../lib/mailer";
import { exampleOf, type JsonSchema } from "./examples";
import { markdown, markdownInline } from "./markdown";

/**
 * One call on the API reference page: what it does, who may call it, its parameters, an example request (curl) and
 * answer made from its own schemas, the errors it can answer, and its full schemas folded away.
 */
export type Op = {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required: boolean; schema: JsonSchema; example?: unknown }[];
  requestBody?: { required?: boolean; description?: string; content: Record<string, Media> };
  security?: Record<string, unknown>[];
  /** Admin accounts only (ADMIN_EMAILS). */
  "x-admin"?: boolean;
  /** What the bearer is on a call that takes no access token or key ('refresh token'). */
  "x-credential"?: string;
  /** The status the call answers when it does what it is for. */
  "x-success-status"?: number;
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
};
/** A body's media type: its schema and (from openapi.ts) an example the schema accepts. */
type Media = { schema: JsonSchema; example?: unknown };
const exampleIn = (media: Media, context: string) => (media.example !== undefined ? media.example : exampleOf(media.schema, { context }));

export const acceptsApiKey = (op: Op) => Boolean(op.security?.some((s) => "apiKeyHeader" in s));

function authPill(op: Op): string {
  if (op["x-admin"]) return `<span class="pill admin">admin</span>`;
  if (acceptsApiKey(op)) return `<span class="pill key">API key</span>`;
  if (op.security?.length) return `<span class="pill">signed in</span>`;
  return `<span class="pill open">no sign-in</span>`;
}

/** A schema in a few words: 'integer ≥ 1', 'one of: evri, royalmail', 'list of string'. */
function typeText(s: JsonSchema): string {
  if (s.enum) return `one of: ${s.enum.map(String).join(", ")}`;
  const choices = s.anyOf ?? s.oneOf;
  if (choices) return choices.map(typeText).join(" or ");
  if (s.type === "array") return `list of ${s.items ? typeText(s.items) : "values"}`;
  const type = Array.isArray(s.type) ? s.type.join(" or ") : (s.type ?? "value");
  const range = [s.minimum !== undefined ? `≥ ${s.minimum}` : "", s.maximum !== undefined ? `≤ ${s.maximum}` : ""].filter(Boolean).join(", ");
  return [type, s.format, range].filter(Boolean).join(" ");
}

function parameters(op: Op): string {
  if (!op.parameters?.length) return "";
  const rows = op.parameters
    .map((p) => `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}${p.required ? ", required" : ""}</td><td>${escapeHtml(typeText(p.schema))}${p.schema.description ? `<br><span class="muted">${markdownInline(p.schema.description)}</span>` : ""}</td></tr>`)
    .join("");
  return `<div class="table-wrap"><table><thead><tr><th>Parameter</th><th>In</th><th>Value</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

function authHeader(op: Op): string | null {
  if (op["x-credential"]) return `Authorization: Bearer <${op["x-credential"]}>`;
  if (acceptsApiKey(op)) return "Authorization: Bearer phk_…";
  if (op.security?.length) return "Authorization: Bearer <access token>";
  return null;
}

/** The example request as curl: path and query from the parameters' examples, the body from the request schema. */
export function exampleRequest(method: string, path: string, op: Op, origin: string): string {
  const params = op.parameters ?? [];
  const value = (p: (typeof params)[number]) => String(p.example ?? exampleOf(p.schema, { name: p.name, context: path }));
  let url = path;
  for (const p of params.filter((p) => p.in === "path")) url = url.replace(`{${p.name}}`, encodeURIComponent(value(p)));
  // The required query parameters, and two optional ones (those with a default first: page and per_page, say).
  const query = params.filter((p) => p.in === "query" && p.example !== undefined);
  const optional = query.filter((p) => !p.required).sort((a, b) => Number(b.schema.default !== undefined) - Number(a.schema.default !== undefined));
  const search = new URLSearchParams([...query.filter((p) => p.required), ...optional.slice(0, 2)].map((p) => [p.name, value(p)])).toString();
  const parts = [`curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`} ${shellQuote(`${origin}${url}${search ? `?${search}` : ""}`)}`];
  const auth = authHeader(op);
  if (auth) parts.push(`-H ${shellQuote(auth)}`);
  const [type, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  if (type === "application/json") {
    parts.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(exampleIn(content, path), null, 2))}`);
  } else if (type === "multipart/form-data") {
    const example = exampleIn(content, path) as Record<string, unknown>;
    for (const [name, field] of Object.entries(content.schema.properties ?? {})) {
      const value = example[name];
      const isFile = JSON.stringify(field).includes('"binary"');
      parts.push(`-F ${shellQuote(isFile ? `${name}=@${name === "banner_image" ? "banner.png" : name === "file" ? "labels.csv" : "label.pdf"}` : `${name}=${Array.isArray(value) ? value.join(",") : String(value)}`)}`);
    }
  } else if (type) {
    parts.push(`-H ${shellQuote(`Content-Type: ${type}`)}`, `--data-binary ${type === "text/csv" ? "@labels.csv" : "@body"}`);
  }
  return parts.join(" \\\n  ");
}

const STATUS_LINE: Record<string, string> = { "200": "OK", "201": "Created", "202": "Accepted", "204": "No Content", "206": "Partial Content" };

/** The example answer: the first success status with a body from its schema, the file type, or no body. */
export function exampleAnswer(path: string, op: Op): { status: string; text: string } {
  const success = Object.entries(op.responses).filter(([code]) => code.startsWith("2"));
  const [status, answer] = success.find(([code]) => code === String(op["x-success-status"])) ?? success[0] ?? ["200", { description: "OK" }];
  const line = `HTTP/1.1 ${status} ${STATUS_LINE[status] ?? ""}`.trim();
  const [type, content] = Object.entries(answer.content ?? {})[0] ?? [];
  if (!type) return { status, text: line };
  if (type !== "application/json") return { status, text: `${line}\nContent-Type: ${type}\n\n(the file's bytes)` };
  return { status, text: `${line}\nContent-Type: application/json\n\n${JSON.stringify(exampleIn(content, path), null, 2)}` };
}

function errors(op: Op): string {
  const list = Object.entries(op.responses).filter(([code]) => !code.startsWith("2"));
  if (!list.length) return "";
  return `<p class="errors"><span class="label">Errors</span> ${list.map(([code, r]) => `<span class="err"><b>${code}</b> ${escapeHtml(r.description)}</span>`).join("")}</p>`;
}

function schemas(op: Op): string {
  const blocks: string[] = [];
  for (const [type, c] of Object.entries(op.requestBody?.content ?? {})) blocks.push(`<p class="label">Request body (${escapeHtml(type)})</p><pre class="schema">${escapeHtml(JSON.stringify(c.schema, null, 2))}</pre>`);
  for (const [code, r] of Object.entries(op.responses)) {
    const json = r.content?.["application/json"];
    if (code.startsWith("2") && json) blocks.push(`<p class="label">Answer ${code} (application/json)</p><pre class="schema">${escapeHtml(JSON.stringify(json.schema, null, 2))}</pre>`);
  }
  return blocks.length ? `<details><summary>Schemas</summary>${blocks.join("")}</details>` : "";
}

export function renderOp(method: string, path: string, op: Op, origin: string): string {
  const answer = exampleAnswer(path, op);
  const body = op.requestBody?.description ? `<p class="muted">Request body: ${markdownInline(op.requestBody.description)}</p>` : "";
  return `<section class="op" id="${escapeHtml(`${method}-${path}`)}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> ${authPill(op)}</h3>
${op.summary ? `<p class="summary">${markdownInline(op.summary)}</p>` : ""}${op.description ? `<div class="muted">${markdown(op.description)}</div>` : ""}${parameters(op)}${body}
<div class="examples"><div class="example"><p class="label">Example request</p><pre class="code">${escapeHtml(exampleRequest(method, path, op, origin))}</pre></div>
<div class="example answer"><p class="label">Example answer</p><pre class="code">${escapeHtml(answer.text)}</pre></div></div>
${errors(op)}${schemas(op)}</section>`;
}
