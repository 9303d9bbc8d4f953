import { m } from "@ledgerline/messages";
import { useSyncExternalStore } from "react";
import { appUpdate } from "../../lib/offline/service-worker";
import { Button } from "../ui/Button";

/** A new version has installed and waits for the reader: it takes over when they choose Reload. */
export function UpdatePrompt() {
  const ready = useSyncExternalStore(appUpdate.subscribe, appUpdate.isReady, appUpdate.isReady);
  if (!ready) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-4 rounded-lg border border-border bg-surface px-4 py-3 text-sm text-text shadow-lg"
    >
      <span>{m.offline_new_version()}</span>
      <Button size="sm" onClick={() => void appUpdate.apply()}>
        {m.offline_reload()}
      </Button>
    </div>
  );
}
