import type { AuthUser, SessionUser } from "@ledgerline/contracts";

/** The signed-in user, kept in sessionStorage (per tab, gone when the tab closes) as the spec says. */
export interface Session {
  token: string;
  user: SessionUser;
}

export type SignOutReason = "logout" | "unauthorized" | "expired" | "inactive" | "deleted";

const TOKEN_KEY = "token";
const USER_KEY = "user";
/** Set when a session ends in this tab, cleared by the next sign-in (see `endedInThisTab`). */
const ENDED_KEY = "sessionEnded";

function isExpired(user: SessionUser, now = Date.now()): boolean {
  return Date.parse(user.expiresAt) <= now;
}

function read(): Session | null {
  try {
    const token = sessionStorage.getItem(TOKEN_KEY);
    const userText = sessionStorage.getItem(USER_KEY);
    if (!token || !userText) return null;
    const user = JSON.parse(userText) as SessionUser;
    if (typeof user.expiresAt !== "string" || isExpired(user)) {
      sessionStorage.removeItem(TOKEN_KEY);
      sessionStorage.removeItem(USER_KEY);
      sessionStorage.setItem(ENDED_KEY, "1");
      return null;
    }
    return { token, user };
  } catch {
    return null;
  }
}

let current: Session | null = read();
const listeners = new Set<() => void>();
const signOutListeners = new Set<(reason: SignOutReason) => void>();

function write(next: Session | null) {
  current = next;
  try {
    if (next) {
      sessionStorage.setItem(TOKEN_KEY, next.token);
      sessionStorage.setItem(USER_KEY, JSON.stringify(next.user));
    } else {
      sessionStorage.removeItem(TOKEN_KEY);
      sessionStorage.removeItem(USER_KEY);
    }
  } catch {
    /* storage unavailable: the session lives in memory for this page only */
  }
  for (const listener of listeners) listener();
}

function remember(key: string, on: boolean) {
  try {
    if (on) sessionStorage.setItem(key, "1");
    else sessionStorage.removeItem(key);
  } catch {
    /* storage unavailable: nothing to remember */
  }
}

export const sessionStore = {
  get: (): Session | null => current,

  signIn(auth: AuthUser) {
    const { token, ...user } = auth;
    remember(ENDED_KEY, false);
    write({ token, user });
  },

  updateUser(user: SessionUser) {
    if (current) write({ token: current.token, user });
  },

  /** Ends the session locally; listeners decide where to go (the login page, or home). */
  signOut(reason: SignOutReason) {
    if (!current) return;
    remember(ENDED_KEY, true);
    write(null);
    for (const listener of signOutListeners) listener(reason);
  },

  /**
   * Whether this tab was signed in and its session has ended (logout, expiry, a 401): Back or a
   * reload onto a signed-in page then asks the reader to sign in again, rather than treating
   * them as a stranger.
   */
  endedInThisTab: (): boolean => {
    try {
      return sessionStorage.getItem(ENDED_KEY) === "1";
    } catch {
      return false;
    }
  },

  isExpired: (now = Date.now()) => (current ? isExpired(current.user, now) : false),

  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  onSignOut: (listener: (reason: SignOutReason) => void) => {
    signOutListeners.add(listener);
    return () => {
      signOutListeners.delete(listener);
    };
  },
};
