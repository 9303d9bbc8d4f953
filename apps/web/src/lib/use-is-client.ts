import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False while the build prerenders a page, true in the browser. Prerendered forms stay inert
 * (read-only inputs, disabled submit) until the app has taken over, so nothing typed is lost
 * and no form is submitted natively (which would put a password in a URL).
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
