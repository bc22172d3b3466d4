/**
 * Where sign-in returns to. A signed-out visitor sent to /login from a page that needs an account (a lost-parcel
 * mail's link to its label, a bookmarked filtered list), or whose session ended there, carries that page in the
 * address as `?next=` (it survives a reload of the login page and the Sign up tab), and signing in goes back to it.
 * Only a path of this site is taken: an address another site could be put in (`//evil.example`, `https:…`,
 * `/\evil.example`, which browsers read as `//`) is dropped, so a crafted login link cannot send a user away.
 */

const MAX_LENGTH = 2000;
/** Pages that are no place to return to: the sign-in pages themselves. */
const NOT_A_RETURN = /^\/(login|forgot-password|reset-password)(\/|$|\?|#)/;

const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

/** `raw` when it is a path of this site to return to, else null. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_LENGTH) return null;
  // A path, and only that: not protocol-relative, no backslash (read as '/'), no control or space characters.
  if (!raw.startsWith("/") || raw.startsWith("//") || /[\\\s]/.test(raw) || [...raw].some(isControl)) return null;
  let url: URL;
  try {
    url = new URL(raw, "https://parcelhive.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "https://parcelhive.invalid") return null;
  const path = url.pathname + url.search + url.hash;
  // '/.//evil.example' is '//evil.example' once the dot segment is gone.
  return path.startsWith("//") || NOT_A_RETURN.test(path) ? null : path;
}

/** The login page that returns to `at` after sign-in (plain /login for the home page or a page not to return to). */
export function loginPathFor(at: { pathname: string; search?: string; hash?: string }): string {
  const next = safeReturnPath(at.pathname + (at.search ?? "") + (at.hash ?? ""));
  return next && next !== "/" ? `/login?${new URLSearchParams({ next })}` : "/login";
}

/** The page a login address asks to return to (its `next`), if it is one to go to. */
export const returnPathOf = (search: string) => safeReturnPath(new URLSearchParams(search).get("next"));
