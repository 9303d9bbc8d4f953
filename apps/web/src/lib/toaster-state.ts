/**
 * Whether the toast container is wanted, and when it is mounted: the root layout, on every page,
 * reads only this; the toasts' calls (notify.ts) are imported by the screens that show one.
 */
let containerMounted: () => void = () => undefined;
/** Resolves once the container (top-right, 5 s, at most 20, see Toaster.tsx) is mounted. */
export const toasterMounted = new Promise<void>((resolve) => {
  containerMounted = resolve;
});
let requested = false;
const requestListeners = new Set<() => void>();

/** The first toast asks for the container; the root layout then mounts it. */
export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of requestListeners) listener();
}

export const toasterState = {
  isRequested: () => requested,
  subscribe: (listener: () => void) => {
    requestListeners.add(listener);
    return () => {
      requestListeners.delete(listener);
    };
  },
  markMounted: () => containerMounted(),
};
