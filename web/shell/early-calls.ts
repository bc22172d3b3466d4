import { buildUrl } from "../api/client";
import { analyticsCalls } from "../features/analytics/api";
import { defaultFilters } from "../features/analytics/filters";
import { listRequest, readListParams } from "../features/labels/listQuery";
import type { ShellVariant } from "./screens";

/**
 * The API calls the HTML starts for a signed-in screen before the app's code arrives (web/shell/boot.ts): the ones
 * the app's first render waits for (web/app/first-render.ts and each screen's prefetch), at the addresses the API
 * client will ask for, so it takes their answers (web/api/early.ts) instead of asking again. test/web/shell.test.tsx
 * holds these to what the screens ask for.
 */

/** The calls for `variant` at address `at`, at `now`. */
export function earlyCalls(variant: ShellVariant, at: { pathname: string; search: string }, now: number = Date.now()): string[] {
  if (!variant.endsWith("-in")) return [];
  const calls = ["/api/v1/user"];
  if (variant === "labels-in") {
    // The list's page for the address's view (a signed-in /login goes to plain /labels).
    const view = readListParams(new URLSearchParams(at.pathname.startsWith("/labels") ? at.search : ""));
    calls.push(buildUrl("/api/v1/labels", listRequest(view)), "/api/v1/labels/needs-action", "/api/v1/couriers");
  }
  if (variant === "analytics-in") {
    const { summary, timeseries, delivery } = analyticsCalls(defaultFilters(now));
    calls.push(...[summary, timeseries, delivery].map((c) => buildUrl(c.path, c.query)), "/api/v1/couriers");
  }
  return calls;
}
