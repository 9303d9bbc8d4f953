import { m } from "@ledgerline/messages";
import type { PositionView } from "@ledgerline/contracts";
import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import { notify } from "../../lib/notify";
import { httpStatusOf } from "../../lib/trpc";
import type { AssetConfig } from "./asset-config";

/**
 * Adding to and removing from the watchlist, each with its notice; `onRemoveSettled` closes the
 * removal's confirmation. Removing a held asset is refused (a 409): the held notice says why.
 */
export function useWatchlistWrites<P extends PositionView>(
  asset: AssetConfig<P>,
  refetch: () => void,
  onRemoveSettled: () => void,
) {
  const { watchlist } = asset;
  const warnHeld = useCallback(
    (symbol: string) =>
      notify.warning(m.watchlist_cannot_remove_held({ symbol }), {
        autoClose: watchlist.heldNoticeMs,
        toastId: `${asset.kind}-held-${symbol}`,
      }),
    [asset.kind, watchlist.heldNoticeMs],
  );
  const save = useMutation({
    ...watchlist.save(),
    onSuccess: (saved) => {
      notify.success(m.watchlist_added({ symbol: saved.symbol }));
      refetch();
    },
    onError: () => notify.error(watchlist.failure),
  });
  const remove = useMutation({
    ...watchlist.remove(),
    onSuccess: (result) => {
      notify.success(result.message);
      refetch();
    },
    onError: (error, { symbol }) => {
      if (httpStatusOf(error) === 409) warnHeld(symbol);
      else notify.error(watchlist.failure);
    },
    onSettled: onRemoveSettled,
  });
  return {
    warnHeld,
    saveSymbol: save.mutate,
    savingSymbol: save.isPending ? save.variables?.symbol : undefined,
    removeSymbol: remove.mutate,
    removeBusy: remove.isPending,
  };
}
