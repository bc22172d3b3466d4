import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { api, warnFailed } from "../api/client";
import { tokens } from "../api/tokens";
import type { CurrentUser } from "../../worker/api-docs/answers";

/** GET /api/v1/user, as the server answers it (its schema is the API document's). */
export type { CurrentUser };

interface AuthState {
  accessToken: string | null;
  /** Fetched whenever the access token changes; false with no token or on fetch failure. */
  isAdmin: boolean;
  /** The signed-in user, or null while loading / signed out. */
  user: CurrentUser | null;
  reloadUser: () => Promise<CurrentUser | null>;
  signIn: (access: string, refresh: string) => void;
  /**
   * Forgets the tokens and revokes the refresh token. `goTo` (a navigation) runs in the same transition as the
   * forgetting, so the page rendered next is where it goes, signed out: the router moves in a transition while a
   * token change alone renders at once, and a page that needs an account, rendered signed out first, sends the
   * visitor to /login?next= after the move (seen as a closed account's notice lost in e2e, rehearsal ci-84).
   */
  signOut: (goTo?: () => void) => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** GET /user for the holder of `token` (the first render asks for it ahead: ./first-render.ts). */
export const userQuery = (token: string | null) => ({
  queryKey: ["user", token] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<CurrentUser>("/api/v1/user", { signal }),
});

export function AuthProvider({ children }: { children: ReactNode }) {
  const [accessToken, setAccessToken] = useState(() => tokens.access());
  useEffect(() => tokens.subscribe(() => setAccessToken(tokens.access())), []);

  // Keyed by the token: a new access token (sign-in, refresh) means the user is read again.
  const queryClient = useQueryClient();
  const current = useQuery({ ...userQuery(accessToken), enabled: Boolean(accessToken) });
  const user = accessToken ? (current.data ?? null) : null;

  const reloadUser = useCallback(async () => {
    const token = tokens.access();
    if (!token) return null;
    try {
      return await queryClient.fetchQuery({ ...userQuery(token), staleTime: 0 });
    } catch (err) {
      warnFailed("Could not load the user", err);
      return null;
    }
  }, [queryClient]);

  const signIn = useCallback((access: string, refresh: string) => tokens.set(access, refresh), []);
  const signOut = useCallback(async (goTo?: () => void) => {
    const refresh = tokens.refresh();
    startTransition(() => {
      goTo?.();
      tokens.clear();
    });
    if (refresh) {
      // Revoke on the server too; signing out locally must not wait for or depend on it.
      await fetch("/api/v1/logout", { method: "POST", headers: { Authorization: `Bearer ${refresh}` } }).catch(() => {});
    }
  }, []);

  const value = useMemo<AuthState>(
    () => ({ accessToken, isAdmin: Boolean(accessToken && user?.is_admin), user, reloadUser, signIn, signOut }),
    [accessToken, user, reloadUser, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * A fixed sign-in state with nothing loaded, for drawing the app's frame where no browser runs: the app shell
 * index.html paints before the code arrives is drawn at build time (web/shell/Shell.tsx).
 */
export function FixedAuth({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const value: AuthState = {
    accessToken: signedIn ? "shell" : null,
    isAdmin: false,
    user: null,
    reloadUser: async () => null,
    signIn: () => {},
    signOut: async () => {},
  };
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth outside AuthProvider");
  return ctx;
}
