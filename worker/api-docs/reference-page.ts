import { escapeHtml } from "../lib/mailer";
import { webhooksGuideHtml } from "../webhooks/guide";

type Doc = ReturnType<typeof import("./openapi").buildOpenApi>;
type Op = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { required?: boolean; description?: string; content: Record<string, { schema: unknown }> };
  security?: Record<string, unknown>[];
  /** Admin accounts only (ADMIN_EMAILS). */
  "x-admin"?: boolean;
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

const schemaBlock = (schema: unknown) => `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;

function authPill(op: Op): string {
  if (!op.security?.length) return `<span class="pill">public</span>`;
  if (op["x-admin"]) return `<span class="pill admin">admin</span>`;
  if (op.security.some((s) => "apiKeyHeader" in s)) return `<span class="pill key">access token or API key</span>`;
  return `<span class="pill">access token</span>`;
}

function parameters(op: Op): string {
  if (!op.parameters?.length) return "";
  const rows = op.parameters
    .map((p) => `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? "yes" : "no"}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`)
    .join("");
  return `<div class="table-wrap"><table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function requestBody(op: Op): string {
  const body = op.requestBody;
  if (!body) return "";
  const about = [body.required === false ? "optional" : "", body.description ? escapeHtml(body.description) : ""].filter(Boolean).join(". ");
  return Object.entries(body.content)
    .map(([type, c], i) => `<p class="label">Request body (${escapeHtml(type)})</p>${i === 0 && about ? `<p class="muted">${about}</p>` : ""}${schemaBlock(c.schema)}`)
    .join("");
}

/** Every success answer: its JSON schema, the file type it sends, or what an empty answer means. */
function answers(op: Op): string {
  return Object.entries(op.responses)
    .filter(([code]) => code.startsWith("2"))
    .map(([code, r]) => {
      const [type, content] = Object.entries(r.content ?? {})[0] ?? [];
      const what = !content
        ? `<p class="muted">${escapeHtml(r.description)}: no body.</p>`
        : type === "application/json"
          ? schemaBlock(content.schema)
          : `<p class="muted">A file (${escapeHtml(type!)}).</p>`;
      return `<div class="answer"><p class="label">Answer ${code}${content && type === "application/json" ? " (application/json)" : ""}</p>${what}</div>`;
    })
    .join("");
}

/** A readable, script-free API reference rendered on the server from the OpenAPI document. */
export function renderApiDocs(doc: Doc): string {
  const groups = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as Op;
      const tag = op.tags?.[0] ?? "api";
      const html = `<section class="op" id="${escapeHtml(`${method}-${path}`)}"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> ${authPill(op)}</h3>${op.summary ? `<p>${escapeHtml(op.summary)}</p>` : ""}${op.description ? `<p class="muted">${escapeHtml(op.description)}</p>` : ""}${parameters(op)}${requestBody(op)}${answers(op)}</section>`;
      groups.set(tag, [...(groups.get(tag) ?? []), html]);
    }
  }
  const nav = `${[...groups.keys()].map((t) => `<a href="#tag-${escapeHtml(t)}">${escapeHtml(t)}</a>`).join("")}<a href="#webhooks">webhooks guide</a>`;
  const sections = [...groups.entries()].map(([t, ops]) => `<h2 id="tag-${escapeHtml(t)}">${escapeHtml(t)}</h2>${ops.join("")}`).join("");
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Parcelhive API reference</title><style>
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:0;color:#1c1917;background:#fafaf9;line-height:1.5}
header{background:#fff;border-bottom:1px solid #e7e5e4;padding:16px 24px}main{max-width:980px;margin:0 auto;padding:24px}
h1{margin:0;font-size:1.5rem}h2{margin-top:2rem;text-transform:capitalize;border-bottom:2px solid #b45309;padding-bottom:4px}
.op{background:#fff;border:1px solid #e7e5e4;border-radius:10px;padding:12px 16px;margin:12px 0}.op h3{font-size:1rem;margin:0 0 6px;display:flex;gap:8px;flex-wrap:wrap;align-items:center}
.m{font-size:.75rem;font-weight:700;padding:2px 8px;border-radius:6px;color:#fff;background:#57534e}.m.get{background:#1d4ed8}.m.post{background:#15803d}.m.put{background:#92400e}.m.delete{background:#b91c1c}
.pill{font-size:.72rem;border:1px solid #d6d3d1;border-radius:999px;padding:1px 8px;color:#44403c}.pill.key{border-color:#b45309;color:#92400e}.pill.admin{border-color:#b91c1c;color:#7f1d1d}
pre{background:#1c1917;color:#fafaf9;padding:10px;border-radius:8px;overflow:auto;font-size:.8rem;max-width:100%}table{border-collapse:collapse;width:100%;font-size:.85rem}td,th{border-bottom:1px solid #e7e5e4;padding:4px 6px;text-align:left;vertical-align:top}
.table-wrap{overflow-x:auto}td code{overflow-wrap:anywhere}.op h3 code{overflow-wrap:anywhere;min-width:0}header p,.op p{overflow-wrap:anywhere}
@media (max-width:600px){header{padding:12px 16px}main{padding:12px}.op{padding:10px 12px}}
nav{display:flex;gap:12px;flex-wrap:wrap;margin-top:8px}nav a{color:#92400e}.label{font-weight:600;margin:8px 0 2px}.muted{color:#57534e}code{font-family:ui-monospace,Menlo,Consolas,monospace}
</style></head><body><header><h1>Parcelhive API reference</h1><p class="muted">${escapeHtml(doc.info.description)}</p><p><a href="/api/v1/openapi.json">OpenAPI 3.1 document (JSON)</a></p><nav aria-label="Sections">${nav}</nav></header><main>${sections}<h2>Webhooks guide</h2>${webhooksGuideHtml()}</main></body></html>`;
}
