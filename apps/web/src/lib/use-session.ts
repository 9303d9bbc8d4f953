import { useSyncExternalStore } from "react";
import { sessionStore, type Session } from "./session";

export function useSession(): Session | null {
  // The server snapshot is the store too: the build prerenders the signed-in pages with a session.
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
