import { MutationObserver } from "@tanstack/react-query";
import { sessionStore } from "../lib/session";
import { queryClient, trpc } from "../lib/trpc";

// The session's own calls, made from any page (the root layout, the navigation bar, the session
// monitor) and so loaded only when needed, with the signed-in pages' query cache and options.

/**
 * The session's user, read again from the server: a restored session is confirmed, and a busy
 * user's session kept alive. Read each time it is asked for (never from the cache), once.
 */
export async function refreshSession(): Promise<void> {
  try {
    sessionStore.updateUser(
      await queryClient.fetchQuery({
        ...trpc.auth.session.queryOptions(),
        staleTime: 0,
        retry: false,
      }),
    );
  } catch {
    /* a 401 has already ended the session; anything else leaves it for the next call */
  }
}

export async function logout(): Promise<void> {
  try {
    await new MutationObserver(queryClient, trpc.auth.logout.mutationOptions()).mutate();
  } catch {
    /* the session ends here whatever the server said */
  } finally {
    sessionStore.signOut("logout");
  }
}
