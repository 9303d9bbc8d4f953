/**
 * A module-level store's listeners, as `useSyncExternalStore` wants them: `subscribe` adds one
 * and hands back its removal, `notify` tells them all that the value changed.
 */
export function changeListeners() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify: () => {
      for (const listener of listeners) listener();
    },
  };
}
