import type { toast, ToastOptions } from "react-toastify/unstyled";
import { requestToaster, toasterMounted } from "./toaster-state";

type ToastApi = typeof toast;

/**
 * Toasts load on first use: the toast library stays out of the first bundle, and the container
 * is mounted before the first toast is shown (toaster-state.ts).
 */
let api: Promise<ToastApi> | undefined;
function load(): Promise<ToastApi> {
  if (!api) {
    requestToaster();
    api = Promise.all([import("react-toastify/unstyled"), toasterMounted]).then(
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
