import type { toast, ToastOptions } from "react-toastify/unstyled";

type ToastApi = typeof toast;

/**
 * Toasts load on first use: the toast library stays out of the first bundle, and the container
 * (top-right, 5 s, at most 20, see Toaster.tsx) is mounted before the first toast is shown.
 */
let containerMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  containerMounted = resolve;
});
let requested = false;
const requestListeners = new Set<() => void>();

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

let api: Promise<ToastApi> | undefined;
function load(): Promise<ToastApi> {
  if (!api) {
    requested = true;
    for (const listener of requestListeners) listener();
    api = Promise.all([import("react-toastify/unstyled"), mounted]).then(
      ([toastify]) => toastify.toast,
    );
  }
  return api;
}

/** Signed-in screens load the toasts up front, so the first one (say, the inactivity warning) shows at once. */
export function preloadToasts(): void {
  void load();
}

type Kind = "success" | "error" | "info" | "warning";
const show = (kind: Kind) => (message: string, options?: ToastOptions) => {
  void load().then((api) => api[kind](message, options));
};

export const notify = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  warning: show("warning"),
  /** Changes a toast shown with a known toastId. */
  update(toastId: string, options: Parameters<ToastApi["update"]>[1]) {
    void load().then((api) => api.update(toastId, options));
  },
  dismiss(toastId: string) {
    void load().then((api) => api.dismiss(toastId));
  },
};
