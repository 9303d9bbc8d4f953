import {
  ACTIVITY_THROTTLE_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_WARNING_AFTER_MS,
  SESSION_WARNING_COUNTDOWN_S,
  TOAST_SESSION_EXTENDED_DURATION_MS,
  TOKEN_EXPIRY_CHECK_INTERVAL_MS,
  inactivityWarning,
  messages,
} from "@ledgerline/contracts/browser";
import { firstPaint } from "../lib/first-paint";
import { notify, preloadToasts } from "../lib/notify";
import { sessionStore } from "../lib/session";
import { lastServerContact } from "../lib/server-contact";

const ACTIVITY_EVENTS = [
  "mousemove",
  "mousedown",
  "keydown",
  "wheel",
  "touchstart",
  "scroll",
] as const;

/** The server ends a session after 15 idle minutes too; a user busy on one screen tells it so. */
const KEEP_ALIVE_AFTER_MS = 5 * 60_000;

async function keepServerSessionAlive() {
  const { refreshSession } = await import("./session-calls");
  await refreshSession();
}

/**
 * The spec's session rules while signed in: the token's expiry checked every minute, and
 * sign-out after 15 idle minutes with a warning and a 60-second countdown at 14. Starts watching
 * the signed-in session at once; the function it returns stops.
 */
export function watchSession(): () => void {
  void firstPaint.then(preloadToasts);

  const expiryCheck = setInterval(() => {
    if (sessionStore.isExpired()) sessionStore.signOut("expired");
  }, TOKEN_EXPIRY_CHECK_INTERVAL_MS);

  let warningTimer: ReturnType<typeof setTimeout> | undefined;
  let logoutTimer: ReturnType<typeof setTimeout> | undefined;
  let countdown: ReturnType<typeof setInterval> | undefined;
  const WARNING_ID = "inactivity-warning";
  let warningShown = false;
  let lastActivity = 0;

  const closeWarning = () => {
    clearInterval(countdown);
    if (warningShown) notify.dismiss(WARNING_ID);
    warningShown = false;
  };

  const showWarning = () => {
    clearInterval(countdown);
    let secondsLeft = SESSION_WARNING_COUNTDOWN_S;
    warningShown = true;
    notify.warning(inactivityWarning(secondsLeft), {
      autoClose: false,
      closeOnClick: false,
      toastId: WARNING_ID,
    });
    countdown = setInterval(() => {
      secondsLeft = Math.max(0, secondsLeft - 1);
      notify.update(WARNING_ID, { render: inactivityWarning(secondsLeft) });
    }, 1000);
  };

  const schedule = () => {
    clearTimeout(warningTimer);
    clearTimeout(logoutTimer);
    warningTimer = setTimeout(showWarning, SESSION_WARNING_AFTER_MS);
    logoutTimer = setTimeout(() => {
      closeWarning();
      sessionStore.signOut("inactive");
    }, SESSION_IDLE_TIMEOUT_MS);
  };

  const onActivity = () => {
    const now = Date.now();
    if (now - lastActivity < ACTIVITY_THROTTLE_MS) return;
    lastActivity = now;
    if (warningShown) {
      closeWarning();
      notify.info(messages.sessionExtended, { autoClose: TOAST_SESSION_EXTENDED_DURATION_MS });
      void keepServerSessionAlive();
    } else if (now - lastServerContact.at > KEEP_ALIVE_AFTER_MS) {
      lastServerContact.at = now;
      void keepServerSessionAlive();
    }
    schedule();
  };

  for (const event of ACTIVITY_EVENTS)
    window.addEventListener(event, onActivity, { passive: true, capture: true });
  schedule();
  // Its code arrives after the first paint: a test driving a paused clock (or a person in the
  // developer tools) can tell when the timers run.
  document.documentElement.dataset.sessionWatch = "on";
  return () => {
    delete document.documentElement.dataset.sessionWatch;
    clearInterval(expiryCheck);
    for (const event of ACTIVITY_EVENTS)
      window.removeEventListener(event, onActivity, { capture: true });
    clearTimeout(warningTimer);
    clearTimeout(logoutTimer);
    closeWarning();
  };
}
