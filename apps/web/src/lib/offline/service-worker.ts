import { registerSW } from "virtual:pwa-register";
import { changeListeners } from "../change-listeners";

/** A long-open tab asks for a new version this often (the browser also asks on each page load). */
const UPDATE_CHECK_MS = 60 * 60_000;

let updateReady = false;
let registered = false;
const listeners = changeListeners();

/**
 * Registers the service worker (vite-plugin-pwa's Workbox one, apps/web/vite.config.ts), once per
 * page. A new version installs beside the running one and waits: the reader is told (UpdatePrompt)
 * and it takes over only when they choose Reload, so the app never changes under them.
 */
export function startServiceWorker(): void {
  if (registered || !("serviceWorker" in navigator)) return;
  registered = true;
  // (workbox-window registers once the page has loaded: the install downloads the whole app.)
  registerSW({
    onNeedRefresh() {
      updateReady = true;
      listeners.notify();
    },
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
}

export const appUpdate = {
  isReady: () => updateReady,
  subscribe: listeners.subscribe,
  /**
   * Lets the waiting version take over (its Workbox listens for SKIP_WAITING), and reloads the
   * page once it controls it. (Asked of the registration itself: workbox-window reloads only for
   * an update it found itself, not one the browser found on a page load.)
   */
  async apply(): Promise<void> {
    const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
    if (!waiting) return location.reload();
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), {
      once: true,
    });
    waiting.postMessage({ type: "SKIP_WAITING" });
  },
};
