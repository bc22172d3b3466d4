import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigate, useNavigationType } from "react-router";
import { setLoggedOutHandler } from "../api/client";
import { Spinner } from "../components/Spinner";
import { keepFocusOnBusyButtons } from "./keep-focus";
import { NavBar } from "./NavBar";
import { loginPathFor } from "./return-to";

/** The shared page frame. The navigation bar is hidden on any path containing /print. */
export function Layout() {
  const location = useLocation();
  const navigate = useNavigate();
  const printing = location.pathname.includes("/print");

  // A session that ends on a page (its renewal refused) comes back to that page after signing in again.
  const here = useRef(location);
  here.current = location;
  useEffect(() => setLoggedOutHandler(() => navigate(loginPathFor(here.current))), [navigate]);
  // A new page starts at its top, as a page loaded does: a link or a move to another path kept the last page's scroll (the
  // home page's closed-account notice, above the fold, was out of view after closing an account at the foot of Settings on
  // a phone). Not a change of query or hash on one page (a list's filters), nor Back and Forward, which keep the browser's.
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of page scrolls to its top
  useEffect(() => {
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [location.pathname]);
  // A button disabled while it works gets its focus back when it is done (keep-focus.ts).
  useEffect(() => keepFocusOnBusyButtons(), []);

  return (
    <>
      {!printing && (
        <a className="skip-link" href="#main">
          Skip to content
        </a>
      )}
      {!printing && <NavBar />}
      <main id="main" className={printing ? "main-print" : "main"} tabIndex={-1}>
        <Suspense fallback={<Spinner label="Loading…" />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
