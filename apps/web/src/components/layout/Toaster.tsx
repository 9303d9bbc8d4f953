import { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT } from "@ledgerline/contracts/browser";
import { useEffect } from "react";
import { ToastContainer } from "react-toastify/unstyled";
import { toasterState } from "../../lib/toaster-state";

/**
 * Keeps `--app-header-height` at the navigation bar's height, so the toasts start below it
 * (styles.css) and never cover Account, Logout or the bell, whatever the bar's height on a phone.
 */
function useHeaderHeight() {
  useEffect(() => {
    const header = document.querySelector("header[data-navbar]");
    if (!header) return;
    const root = document.documentElement;
    const measure = () =>
      root.style.setProperty("--app-header-height", `${header.getBoundingClientRect().height}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
}

/**
 * The spec's toasts: top-right (below the navigation bar), close on click, pause on hover and on
 * focus loss, at most 20, 5 s.
 */
export default function Toaster() {
  useEffect(() => toasterState.markMounted(), []);
  useHeaderHeight();
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
