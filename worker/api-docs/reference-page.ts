import { escapeHtml } from "../lib/mailer";
import { webhooksGuideHtml } from "../webhooks/guide";
import { exampleRequest, renderOp, type Op } from "./reference-op";
import { markdown } from "./markdown";
import { REFERENCE_STYLE } from "./reference-style";
import { OTHER, SECTIONS, sectionOf, startHere, type Section } from "./sections";

type Doc = ReturnType<typeof import("./openapi").buildOpenApi>;

/** The calls a developer key may make per minute: wrangler.toml's API_KEY_LIMITER. */
const API_KEY_CALLS_PER_MINUTE = 120;

/** The first call to try, shown with the steps: the labels list, with a key. */
function firstCall(doc: Doc, origin: string): string {
  const op = (doc.paths["/api/v1/labels"] as Record<string, Op> | undefined)?.get;
  return op ? `<p class="label">Try it: your labels, newest first</p><pre class="code">${escapeHtml(exampleRequest("get", "/api/v1/labels", op, origin))}</pre>` : "";
}

function sectionHtml(section: Section, ops: string[]): string {
  const guide = section.id === "webhooks" ? webhooksGuideHtml() : "";
  return `<section class="group" aria-labelledby="tag-${section.id}"><h2 id="tag-${section.id}">${escapeHtml(section.title)}</h2>${section.intro ? `<div class="intro">${markdown(section.intro)}</div>` : ""}${ops.join("")}${guide}</section>`;
}

/**
 * A readable, script-free API reference rendered on the server from the OpenAPI document: the developer key's first
 * steps, then the calls for developers' programs (labels, tracking, webhooks, analytics), then the web app's own.
 * Each call has an example request and answer made from its own schemas (reference-op.ts). Texts are Markdown.
 */
export function renderApiDocs(doc: Doc, origin: string): string {
  const bySection = new Map<Section, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const section = sectionOf(path);
      bySection.set(section, [...(bySection.get(section) ?? []), renderOp(method, path, raw as Op, origin)]);
    }
  }
  const listed = [...SECTIONS, OTHER].filter((s) => bySection.has(s));
  const link = (s: Section) => `<a href="#tag-${s.id}">${escapeHtml(s.title)}</a>`;
  const forDevelopers = listed.filter((s) => s.forDevelopers);
  const forApp = listed.filter((s) => !s.forDevelopers);
  const nav = `<nav aria-label="Sections"><a href="#start">Start here</a>${forDevelopers.map(link).join("")}<a href="#webhooks">Receiving webhooks</a><span class="sep">Used by the web app:</span>${forApp.map(link).join("")}</nav>`;
  const start = `<section class="group start" aria-labelledby="start"><h2 id="start">Start here: your developer key</h2>${markdown(startHere(origin, API_KEY_CALLS_PER_MINUTE))}${firstCall(doc, origin)}</section>`;
  const appIntro = `<div class="app-calls"><h2 class="divider">Used by the web app</h2><p class="muted">These calls serve the Parcelhive web app itself: sign-in, the account, payments and admin. They take a signed-in session, not an API key.</p></div>`;
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Parcelhive API reference</title><style>${REFERENCE_STYLE}</style></head><body><header><h1>Parcelhive API reference</h1><div class="muted">${markdown(doc.info.description)}</div><p><a href="/api/v1/openapi.json">OpenAPI 3.1 document (JSON)</a></p>${nav}</header><main>${start}${forDevelopers.map((s) => sectionHtml(s, bySection.get(s)!)).join("")}${appIntro}${forApp.map((s) => sectionHtml(s, bySection.get(s)!)).join("")}</main></body></html>`;
}
