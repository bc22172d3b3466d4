// Auth tokens live in local browser storage under the spec's keys.
const ACCESS = "access_token";
const REFRESH = "refresh_token";
const listeners = new Set<() => void>();

export const tokens = {
  access: () => localStorage.getItem(ACCESS),
  refresh: () => localStorage.getItem(REFRESH),
  set(access: string, refresh: string) {
    localStorage.setItem(ACCESS, access);
    localStorage.setItem(REFRESH, refresh);
    for (const l of listeners) l();
  },
  clear() {
    localStorage.removeItem(ACCESS);
    localStorage.removeItem(REFRESH);
    for (const l of listeners) l();
  },
  /** Called whenever the tokens change (login, refresh, logout), in this tab or another. Returns an unsubscribe. */
  subscribe(listener: () => void) {
    listeners.add(listener);
    // Tabs share the storage: another tab signing in, renewing or signing out is this tab's change too.
    const fromOtherTab = (e: StorageEvent) => {
      if (e.key === null || e.key === ACCESS) listener();
    };
    window.addEventListener("storage", fromOtherTab);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", fromOtherTab);
    };
  },
};
