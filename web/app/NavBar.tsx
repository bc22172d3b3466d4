import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { CoinIcon } from "../components/icons";
import { Logo } from "../components/Logo";
import { CREDITS_TEXT } from "../features/credits/texts";
import { useSellsOnMarketplaces } from "./marketplaces-query";
import { useAuth } from "./auth";

interface NavItem {
  to: string;
  desktop: string;
  mobile: string;
}

const USER_ITEMS: NavItem[] = [
  { to: "/labels", desktop: "View Labels", mobile: "Labels" },
  { to: "/analytics", desktop: "Analytics", mobile: "Analytics" },
  { to: "/upload", desktop: "Import Labels", mobile: "Upload" },
  { to: "/settings", desktop: "Settings", mobile: "Settings" },
];
/** Shown when the seller has a connected shop (issue 34): what awaits dispatch there. */
const ORDERS_ITEM: NavItem = { to: "/orders", desktop: "Orders", mobile: "Orders" };
const ADMIN_ITEMS: NavItem[] = [
  { to: "/cheats", desktop: "Cheats", mobile: "Cheats" },
  { to: "/webmail", desktop: "Webmail", mobile: "Webmail" },
];

/**
 * The balance in the bar, for a signed-in user once it is known: '97 credits', linking to /credits (issue 33: it was
 * two screens away). Right after the brand, so its appearing or changing width moves nothing else (no layout shift);
 * on a phone it stays in the bar beside the menu toggle (the narrowest show the figure alone, so that a four-figure
 * balance never pushes the toggle off the screen). Amber at zero, when nothing can be created.
 */
function NavCredits() {
  const { user } = useAuth();
  if (!user) return null;
  const [amount, unit] = CREDITS_TEXT.balance(user.credits);
  return (
    <NavLink to="/credits" className={user.credits > 0 ? "nav-credits" : "nav-credits is-empty"} title={CREDITS_TEXT.balanceLink}>
      <CoinIcon />
      {amount}
      <span className="nav-credits-unit">{unit}</span>
    </NavLink>
  );
}

/** Sticky top bar. The frame hides it on /print paths. */
export function NavBar() {
  const { accessToken, isAdmin, signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the page changes
  useEffect(() => setOpen(false), [location.pathname]);

  // Escape closes the open menu, as it closes the app's dialogs, and gives focus back to the toggle when it was in the
  // bar or nowhere. A dialog's Escape never gets here (web/components/Modal.tsx stops it), nor one marked handled.
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpen(false);
      const active = document.activeElement;
      if (!active || active === document.body || header.current?.contains(active)) toggle.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const sells = useSellsOnMarketplaces(Boolean(accessToken));
  const user = sells ? [USER_ITEMS[0], ORDERS_ITEM, ...USER_ITEMS.slice(1)] : USER_ITEMS;
  const items = accessToken ? [...user, ...(isAdmin ? ADMIN_ITEMS : [])] : [];

  async function logout() {
    setOpen(false);
    await signOut(() => void navigate("/login"));
  }

  const links = (variant: "desktop" | "mobile") => (
    <>
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} className="nav-link" onClick={() => setOpen(false)}>
          {item[variant]}
        </NavLink>
      ))}
      {accessToken ? (
        <button type="button" className="nav-link nav-logout" onClick={logout}>
          Logout
        </button>
      ) : (
        <NavLink to="/login" className="nav-link" onClick={() => setOpen(false)}>
          Login
        </NavLink>
      )}
    </>
  );

  return (
    <header className="navbar" ref={header}>
      <nav className="navbar-inner" aria-label="Main">
        <Link to="/" className="brand" aria-label="Parcelhive home">
          <Logo label="Parcelhive hexagonal parcel logo" />
          <span className="brand-name">Parcelhive</span>
        </Link>
        {accessToken && <NavCredits />}
        <div className="nav-desktop">{links("desktop")}</div>
        <button
          ref={toggle}
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">{open ? "✕" : "☰"}</span>
        </button>
      </nav>
      <div id="mobile-menu" className={`nav-mobile${open ? " open" : ""}`} hidden={!open}>
        {links("mobile")}
      </div>
    </header>
  );
}
