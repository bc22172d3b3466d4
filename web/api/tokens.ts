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
  /** Called whenever the tokens change (login, refresh, logout). Returns an unsubscribe. */
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
