import { redirect } from "@tanstack/react-router";
import { sessionStore } from "./session";

/**
 * Route guards (spec section 2). Most signed-in pages send signed-out visitors to /login; the
 * spec has the account, stock search and crypto search pages send them to /access-denied.
 */
export function requireSignedIn(signedOutTo: "/login" | "/access-denied" = "/login") {
  return () => {
    if (!sessionStore.get()) throw redirect({ to: signedOutTo });
  };
}

/** Admin pages: signed-out visitors go to /login, signed-in non-admins where the page says. */
export function requireAdmin(nonAdminTo: "/access-denied" | "/") {
  return () => {
    const session = sessionStore.get();
    if (!session) throw redirect({ to: "/login" });
    if (!session.user.isAdmin) throw redirect({ to: nonAdminTo });
  };
}

/** Pages for signed-out visitors (login, register) send a signed-in user to their landing page. */
export function redirectIfSignedIn() {
  if (sessionStore.get()) throw redirect({ to: "/landing" });
}
