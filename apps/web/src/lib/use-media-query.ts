import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether the viewport matches a media query, kept up to date. Its first render already reads
 * the browser's answer, so the screen is drawn for its width at once, with no second pass.
 * `prerendered` is the answer when the build renders the page without a browser.
 */
export function useMediaQuery(query: string, prerendered = false): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => prerendered,
  );
}
