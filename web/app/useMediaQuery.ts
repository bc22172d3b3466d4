import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches now, following it as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    // Drawn at build time (the app shell, web/shell/Shell.tsx): a phone's screen.
    () => false,
  );
}
