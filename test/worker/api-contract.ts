// The API document checked against the worker tests' own traffic: every answer that goes through
// the shared request helpers must have a status its call lists (worker/api-docs/answers.ts plus the
// statuses every call of its kind can give) and, on success, a body matching its schema; an error
// must be `{ error }`. Violations are collected and fail the test file (test/worker/setup.ts).
import app from "../../worker/app";
import { collectRoutes, routeAnswers } from "../../worker/api-docs/openapi";

const routes = collectRoutes(app).map((r) => ({
  ...r,
  re: new RegExp(`^${r.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "[^/]+")}$`),
  answers: routeAnswers(
    r.method,
    r.path,
    r.metas.some((m) => m.kind === "auth"),
    r.metas.some((m) => m.kind === "auth" && m.apiKey),
    r.metas.some((m) => m.kind === "admin"),
  ),
}));

export const contractViolations: string[] = [];

export async function checkAnswer(req: Request, res: Response): Promise<void> {
  const { pathname } = new URL(req.url);
  const route = routes.find((r) => r.method === req.method && r.re.test(pathname));
  if (!route) return; // unknown paths (404 from the router) are not calls of the API
  const where = `${req.method} ${pathname} -> ${res.status}`;
  const { successes, body, errors } = route.answers;
  if (!successes.includes(res.status) && !errors.includes(res.status)) {
    contractViolations.push(`${where}: status not in the API document (${[...successes, ...errors].join(", ")})`);
    return;
  }
  if (res.status === 204 || !(res.headers.get("Content-Type") ?? "").includes("application/json")) return;
  const json = await res.clone().json().catch(() => undefined);
  if (res.status >= 400) {
    if (typeof (json as { error?: unknown })?.error !== "string") contractViolations.push(`${where}: error body is not { error }`);
    return;
  }
  if (body) {
    const parsed = body.safeParse(json);
    if (!parsed.success) contractViolations.push(`${where}: body does not match its schema: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  }
}
