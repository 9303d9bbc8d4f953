import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * The query library assumes it is online until the browser says otherwise with an event, which
 * a page opened offline never hears. Told once the page is shown (its loaders have run: a read
 * with nothing kept has failed rather than waited), its reads wait for the connection, showing
 * what was kept, and all refresh on their own when it returns.
 */
export function syncOnlineState(): void {
  onlineManager.setOnline(navigator.onLine);
}

const isOnline = () => onlineManager.isOnline();

export function useOnline(): boolean {
  return useSyncExternalStore((listener) => onlineManager.subscribe(listener), isOnline, isOnline);
}
