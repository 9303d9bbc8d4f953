import { useSyncExternalStore } from "react";
import type * as SignedInNav from "./SignedInNav";
import { changeListeners } from "../../lib/change-listeners";

type SignedInNavModule = typeof SignedInNav;

// The signed-in navbar's links and actions are a chunk of their own, so the public pages' first
// script does not carry them. It is loaded before a session first shows: on a signed-in page's
// first load (main.tsx, the prerender) and at sign-in, before the session is stored (login,
// register), so the navbar never draws a session without them.
let loaded: SignedInNavModule | undefined;
let loading: Promise<SignedInNavModule | undefined> | undefined;
const listeners = changeListeners();

/**
 * Never fails: a chunk that does not arrive (offline, a deploy that removed it) must not keep the
 * app from drawing or a sign-in from finishing. The navbar asks again once signed in.
 */
export function loadSignedInNav(): Promise<SignedInNavModule | undefined> {
  loading ??= import("./SignedInNav").then(
    (module) => {
      loaded = module;
      listeners.notify();
      return module;
    },
    () => {
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}

const current = () => loaded;

/** The signed-in navbar's module once loaded. */
export function useSignedInNav(): SignedInNavModule | undefined {
  return useSyncExternalStore(listeners.subscribe, current, current);
}
