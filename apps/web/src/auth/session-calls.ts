import { sessionStore } from "../lib/session";
import { trpcClient } from "../lib/trpc-client";

/** A session restored from storage is confirmed with the server once, and its user refreshed. */
export async function confirmRestoredSession(): Promise<void> {
  try {
    sessionStore.updateUser(await trpcClient.auth.session.query());
  } catch {
    /* a 401 has already ended the session; anything else leaves it for the next call */
  }
}

export async function logout(): Promise<void> {
  try {
    await trpcClient.auth.logout.mutate();
  } catch {
    /* the session ends here whatever the server said */
  } finally {
    sessionStore.signOut("logout");
  }
}
