import { useSyncExternalStore } from "react";
import type * as SignedInNav from "./SignedInNav";

type SignedInNavModule = typeof SignedInNav;

// The signed-in navbar's links and actions are a chunk of their own, so the public pages' first
// script does not carry them. It is loaded before a session first shows: on a signed-in page's
// first load (main.tsx, the prerender) and at sign-in, before the session is stored (login,
// register), so the navbar never draws a session without them.
let loaded: SignedInNavModule | undefined;
let loading: Promise<SignedInNavModule> | undefined;
const listeners = new Set<() => void>();

export function loadSignedInNav(): Promise<SignedInNavModule> {
  loading ??= import("./SignedInNav").then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const current = () => loaded;

/** The signed-in navbar's module once loaded. */
export function useSignedInNav(): SignedInNavModule | undefined {
  return useSyncExternalStore(subscribe, current, current);
}
