import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { FixedAuth } from "../app/auth";
import { Layout } from "../app/Layout";
import { PageHeader } from "../components/PageHeader";
import { Spinner } from "../components/Spinner";
import { T as ANALYTICS } from "../features/analytics/texts";
import LoginPage from "../features/auth/LoginPage";
import HomePage from "../features/home/HomePage";
import LabelsPage from "../features/labels/LabelsPage";
import { couriersQuery, labelsPageQuery } from "../features/labels/labelsApi";
import { listRequest, readListParams } from "../features/labels/listQuery";
import { needsActionQuery } from "../features/labels/needsActionApi";
import { blankLabel } from "../features/labels/blank-label";
import type { ApiLabel } from "../features/labels/types";
import type { ServerTemplate } from "./card-markup";
import { serverTemplate } from "./first-cards";
import { SHELL_VARIANTS, screenOf, type ShellScreen, type ShellVariant } from "./screens";

/**
 * The app shell's screens, drawn at build time from the app's own components (scripts/app-shell.ts puts them in
 * index.html): the frame (navigation for a signed-out or signed-in visitor, the current screen's link marked), and
 * what each screen shows before its data: the home page and the login form whole, the labels and analytics
 * headers with their loading lines. Nothing here is data or today's date, so nothing can be stale or someone
 * else's. The app's first render replaces it (web/main.tsx).
 */
const SCREENS: Record<ShellScreen, { path: string; content: ReactNode }> = {
  home: { path: "/", content: <HomePage /> },
  login: { path: "/login", content: <LoginPage /> },
  labels: {
    path: "/labels",
    content: (
      <div className="container labels-page">
        <PageHeader title="Labels" />
        <Spinner label="Loading labels…" />
      </div>
    ),
  },
  analytics: {
    path: "/analytics",
    content: (
      <div className="container analytics">
        <PageHeader title={ANALYTICS.title} subtitle={ANALYTICS.subtitle} />
        <Spinner label={ANALYTICS.loading} />
      </div>
    ),
  },
  // Any other address: the line every screen shows while its code loads (Layout's).
  page: { path: "/shell", content: <Spinner label="Loading…" /> },
};

/** The markup of `content` at `path` in the frame, the `#root` content; `inert` for a screen with forms or buttons. */
function renderScreen(path: string, content: ReactNode, signedIn: boolean, inert: boolean, client = new QueryClient()): string {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <FixedAuth signedIn={signedIn}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<Layout />}>
              <Route path="*" element={content} />
            </Route>
          </Routes>
        </MemoryRouter>
      </FixedAuth>
    </QueryClientProvider>,
  );
  // Forms and buttons do nothing before the app's code runs: what they are drawn in is inert until then (links are
  // plain links and work).
  if (!inert) return html;
  const main = '<main id="main" class="main" tabindex="-1">';
  if (!html.includes(main)) throw new Error(`app shell: no ${main} in the frame`);
  return html.replace(main, main.replace(">", " inert>"));
}

/** The markup of `variant`. The home page has links only. */
function renderVariant(variant: ShellVariant): string {
  const { path, content } = SCREENS[screenOf(variant)];
  return renderScreen(path, content, variant.endsWith("-in"), screenOf(variant) !== "home");
}

/** A label of each courier with a mark of its own and both addresses: the cards the boot script takes its icons from. */
function sampleLabel(n: number, courier: string): ApiLabel {
  const address = { name: "A", address: ["1 A Street"], postcode: "AB1 2CD", countryCode: "GB" };
  const trackingCode = `SAMPLE${n}`;
  const label = { ...blankLabel(trackingCode, courier), id: `sample-${n}` };
  // The first two carry the icons (their addresses' buttons); the others are there for their number (less HTML).
  return n < 2 ? { ...label, data: [{ ...label.data[0], address, fromAddress: address }] } : label;
}

/**
 * The labels screen as the app first draws it with an answer (LabelsPage, on a phone-sized screen, the plain list,
 * a parcel needing action), for the boot script to put the answer's first cards in (web/shell/first-cards.ts), and
 * the count of those parcels in 'Needs action' (or to take that button out). Its sample cards are replaced; four
 * of them, so that the pager is not drawn yet, as in the app's first render.
 */
export function renderLabelsList(): string {
  const client = new QueryClient();
  const results = ["evri", "royalmail", "evri", "royalmail"].map((c, n) => sampleLabel(n, c));
  client.setQueryData(labelsPageQuery(listRequest(readListParams(new URLSearchParams()))).queryKey, { results, total: results.length });
  client.setQueryData(needsActionQuery.queryKey, { results: [], total: 1 });
  client.setQueryData(couriersQuery.queryKey, []);
  return renderScreen("/labels", <LabelsPage />, true, true, client);
}

/**
 * The list screen with a marker for each value of the answers, and the cards' parts, for the Worker to draw /labels'
 * first cards into the document (first-cards.ts serverTemplate); `doc` is the build's DOM (happy-dom in Node).
 */
export function labelsServerTemplate(doc: Document): ServerTemplate | null {
  return serverTemplate(renderLabelsList(), doc);
}

/** Every variant's markup. */
export function renderShell(): Record<ShellVariant, string> {
  return Object.fromEntries(SHELL_VARIANTS.map((v) => [v, renderVariant(v)])) as Record<ShellVariant, string>;
}
