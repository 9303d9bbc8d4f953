import { redirect } from "@tanstack/react-router";
import { sessionStore } from "./session";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /**
     * Where a signed-out visitor of this signed-in page goes (spec section 2): most pages send
     * them to /login; the account, stock search and crypto search pages to /access-denied.
     */
    signedOutTo?: "/login" | "/access-denied";
    /** Admin pages: where a signed-in non-admin goes. */
    nonAdminTo?: "/access-denied" | "/";
  }
}

interface GuardedMatch {
  staticData: { signedOutTo?: "/login" | "/access-denied"; nonAdminTo?: "/access-denied" | "/" };
}

/**
 * The signed-in layout's guard: one check for every page under it, wherever the page says. A
 * tab whose session has just ended (Back after Logout, a reload after expiry) goes to the sign-in
 * page from every page: the page's own choice is for visitors who never signed in.
 */
export function requireSignedIn(matches: readonly GuardedMatch[]) {
  if (sessionStore.get()) return;
  if (sessionStore.endedInThisTab()) throw redirect({ to: "/login" });
  const to = matches.findLast((match) => match.staticData.signedOutTo)?.staticData.signedOutTo;
  throw redirect({ to: to ?? "/login" });
}

/** The admin layout's guard (below the signed-in one): non-admins go where the page says. */
export function requireAdmin(matches: readonly GuardedMatch[]) {
  requireSignedIn(matches);
  if (sessionStore.get()?.user.isAdmin) return;
  const to = matches.findLast((match) => match.staticData.nonAdminTo)?.staticData.nonAdminTo;
  throw redirect({ to: to ?? "/access-denied" });
}

/** Pages for signed-out visitors (login, register) send a signed-in user to their landing page. */
export function redirectIfSignedIn() {
  if (sessionStore.get()) throw redirect({ to: "/landing" });
}
