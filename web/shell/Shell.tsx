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

/** The markup of `variant`, the `#root` content. */
function renderVariant(variant: ShellVariant): string {
  const { path, content } = SCREENS[screenOf(variant)];
  const html = renderToStaticMarkup(
    <FixedAuth signedIn={variant.endsWith("-in")}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="*" element={content} />
          </Route>
        </Routes>
      </MemoryRouter>
    </FixedAuth>,
  );
  // Forms and buttons do nothing before the app's code runs: what they are drawn in is inert until then (links are
  // plain links and work). The home page has links only.
  if (screenOf(variant) === "home") return html;
  const main = '<main id="main" class="main" tabindex="-1">';
  if (!html.includes(main)) throw new Error(`app shell: no ${main} in the frame`);
  return html.replace(main, main.replace(">", " inert>"));
}

/** Every variant's markup. */
export function renderShell(): Record<ShellVariant, string> {
  return Object.fromEntries(SHELL_VARIANTS.map((v) => [v, renderVariant(v)])) as Record<ShellVariant, string>;
}
