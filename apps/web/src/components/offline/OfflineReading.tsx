import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { syncOnlineState } from "../../lib/offline/connectivity";
import { keepFigures } from "../../lib/offline/figures-cache";
import { startServiceWorker } from "../../lib/offline/service-worker";
import { useSession } from "../../lib/use-session";
import { OfflineBanner } from "./OfflineBanner";
import { UpdatePrompt } from "./UpdatePrompt";

/**
 * The signed-in pages' offline reading, loaded after their first paint: the service worker that
 * keeps the app's files, this user's reads written to the device as they change, the offline
 * banner and the new-version prompt.
 */
export default function OfflineReading() {
  const queryClient = useQueryClient();
  const userId = useSession()?.user.id;
  useEffect(() => {
    syncOnlineState();
    startServiceWorker();
  }, []);
  useEffect(() => {
    if (userId === undefined) return;
    return keepFigures(queryClient, userId);
  }, [queryClient, userId]);
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
    </>
  );
}
