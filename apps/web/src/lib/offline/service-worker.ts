import { registerSW } from "virtual:pwa-register";
import { changeListeners } from "../change-listeners";

/** A long-open tab asks for a new version this often (the browser also asks on each page load). */
const UPDATE_CHECK_MS = 60 * 60_000;
/** How often a waiting version is asked again to take over, until it does. */
const ASK_AGAIN_MS = 1_000;
/** After this long without the new version in control, Reload reloads the page all the same. */
const RELOAD_ANYWAY_MS = 10_000;
/** A small file of the app's, opened in a hidden frame as a navigation in the worker's scope. */
const swapNudgeUrl = "/robots.txt";
/** Set before reloading all the same: the next page goes on asking instead of offering again. */
const reloadedForUpdateKey = "appUpdateReloaded";

let updateReady = false;
let registered = false;
/** Whether this page follows a Reload that reloaded before the new version took over. */
let continuesReload = false;
const listeners = changeListeners();

/** A worker's script, which names its build's language: /sw.js English, /sw-de.js German. */
const scriptOf = (worker: ServiceWorker) => new URL(worker.scriptURL).pathname;

/**
 * Asks the waiting version to take over (its Workbox skips waiting on SKIP_WAITING) until it has.
 * Chromium swaps versions only once it has stopped the running one; a read of the page's arriving
 * as it stops starts it again, and Chromium does not try again on a second SKIP_WAITING, only on
 * a navigation in the worker's scope: the new version waited up to its 5-minute limit (issue 36:
 * a Reload that did nothing; DevTools showed the old version stopped and started again in the
 * same millisecond). So each second it asks again and opens a hidden frame's navigation (a page's
 * own reload begun during the swap was seen never to end). Calls `done` once the page's
 * controller has changed or nothing waits any more.
 */
function askToTakeOver(registration: ServiceWorkerRegistration, done: () => void): void {
  let frame: HTMLIFrameElement | undefined;
  const ask = () => {
    const waiting = registration.waiting;
    if (!waiting) return finish();
    waiting.postMessage({ type: "SKIP_WAITING" });
    if (!finished && asks++ > 0) {
      frame?.remove();
      frame = document.createElement("iframe");
      frame.hidden = true;
      frame.src = swapNudgeUrl;
      document.body.append(frame);
    }
  };
  let asks = 0;
  let finished = false;
  const timer = setInterval(ask, ASK_AGAIN_MS);
  function finish() {
    if (finished) return;
    finished = true;
    clearInterval(timer);
    frame?.remove();
    navigator.serviceWorker.removeEventListener("controllerchange", finish);
    done();
  }
  navigator.serviceWorker.addEventListener("controllerchange", finish);
  ask();
}

/**
 * What a version waiting beside the running one means. Another language's worker running means
 * the reader switched language (their page reloaded into the new build, whose worker this is):
 * it takes over at once, or offline the old worker would open the old language's app. Likewise
 * after a Reload that had to reload before the new version took over: this page is already the
 * one the reader asked for. Otherwise the reader is offered the new version.
 */
async function onWaitingVersion(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const waiting = registration?.waiting;
  if (!registration || !waiting) return;
  const active = registration.active;
  const otherLanguage = active !== null && scriptOf(active) !== scriptOf(waiting);
  if (otherLanguage || continuesReload) {
    continuesReload = false;
    return askToTakeOver(registration, () => {});
  }
  updateReady = true;
  listeners.notify();
}

/**
 * Registers the service worker (vite-plugin-pwa's Workbox one, apps/web/vite.config.ts), once per
 * page. A new version installs beside the running one and waits: the reader is told (UpdatePrompt)
 * and it takes over only when they choose Reload, so the app never changes under them.
 */
export function startServiceWorker(): void {
  if (registered || !("serviceWorker" in navigator)) return;
  registered = true;
  continuesReload = sessionStorage.getItem(reloadedForUpdateKey) !== null;
  sessionStorage.removeItem(reloadedForUpdateKey);
  // (workbox-window registers once the page has loaded: the install downloads the whole app.)
  registerSW({
    onNeedRefresh() {
      void onWaitingVersion();
    },
    // workbox-window would reload the page whenever a new version takes control, also one this
    // page took over silently or another tab's Reload: only this page's Reload reloads it.
    onNeedReload() {},
    onRegisteredSW(_url, registration) {
      // The version a Reload asked for took over during the reload: a later one is offered.
      if (!registration?.waiting) continuesReload = false;
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
}

export const appUpdate = {
  isReady: () => updateReady,
  subscribe: listeners.subscribe,
  /**
   * Lets the waiting version take over, and reloads the page once it controls it; if it has not
   * within 10 s, reloads all the same (online the page is the newest; the next page goes on
   * asking), whatever the browser did with the ask or with the lookup of the registration. Asked
   * of the registration itself: workbox-window's own messageSkipWaiting serves only an update it
   * found itself, not one the browser found on a page load.
   */
  async apply(): Promise<void> {
    let reloading = false;
    const reload = () => {
      if (reloading) return;
      reloading = true;
      location.reload();
    };
    setTimeout(() => {
      if (reloading) return;
      sessionStorage.setItem(reloadedForUpdateKey, "1");
      reload();
    }, RELOAD_ANYWAY_MS);
    const registration = await navigator.serviceWorker.getRegistration();
    if (reloading) return;
    if (!registration?.waiting) return reload();
    askToTakeOver(registration, reload);
  },
};
