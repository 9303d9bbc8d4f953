import { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT } from "@ledgerline/contracts/browser";
import { useEffect } from "react";
import { ToastContainer } from "react-toastify/unstyled";
import { toasterState } from "../../lib/notify";

/** The spec's toasts: top-right, close on click, pause on hover and on focus loss, at most 20, 5 s. */
export default function Toaster() {
  useEffect(() => toasterState.markMounted(), []);
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_DEFAULT_DURATION_MS}
      limit={TOAST_LIMIT}
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss
      newestOnTop
    />
  );
}
