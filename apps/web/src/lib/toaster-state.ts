import { changeListeners } from "./change-listeners";
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
const requestListeners = changeListeners();

/** The first toast asks for the container; the root layout then mounts it. */
export function requestToaster(): void {
  if (requested) return;
  requested = true;
  requestListeners.notify();
}

export const toasterState = {
  isRequested: () => requested,
  subscribe: requestListeners.subscribe,
  markMounted: () => containerMounted(),
};
