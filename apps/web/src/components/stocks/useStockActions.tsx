import { cannotRemoveWhileHeld, portfolioMessages } from "@ledgerline/contracts/browser";
import type { PositionView } from "@ledgerline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { notify } from "../../lib/notify";
import { httpStatusOf, trpcClient } from "../../lib/trpc";
import { BuyDialog } from "../trade/BuyDialog";
import { SellDialog } from "../trade/SellDialog";
import { stockTrade } from "../trade/trade-config";
import type { TradeTarget, TradeValues } from "../trade/types";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { refetchUserData, useHoldings } from "./stock-queries";

/** The spec's notice for a blocked removal stays 3000 ms. */
const HELD_NOTICE_MS = 3000;

function warnHeld(message: string) {
  notify.warning(message, { autoClose: HELD_NOTICE_MS, toastId: `held-${message}` });
}

/**
 * Everything the stock screens let a user do to a stock: buy, sell, add to and remove from the
 * watchlist. The screens call the handlers and render `dialogs` once; after any change the
 * user's lists are re-fetched (no page reload).
 */
export function useStockActions() {
  const queryClient = useQueryClient();
  const holdings = useHoldings();
  const [buying, setBuying] = useState<TradeTarget | null>(null);
  const [selling, setSelling] = useState<TradeTarget | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const refetch = () => void refetchUserData(queryClient);

  async function submitBuy(target: TradeTarget, values: TradeValues) {
    const position: PositionView | undefined = holdings.get(target.symbol);
    const common = {
      quantity: values.quantity,
      purchasePrice: values.price,
      notes: values.notes,
      idempotencyKey: values.idempotencyKey,
    };
    try {
      return position
        ? await trpcClient.portfolio.buyMore.mutate({
            ...common,
            positionId: position.id,
            expectedHeld: position.quantity,
          })
        : await trpcClient.portfolio.buy.mutate({ ...common, symbol: target.symbol });
    } catch (error) {
      // The holding changed elsewhere: show what is held now, so a retry starts from the truth.
      if (httpStatusOf(error) === 409) refetch();
      throw error;
    }
  }

  async function submitSell(target: TradeTarget, values: TradeValues) {
    const position = holdings.get(target.symbol);
    if (!position) throw new Error(portfolioMessages.failedToSellPosition);
    return trpcClient.portfolio.sell.mutate({
      positionId: position.id,
      quantity: values.quantity,
      price: values.price,
      notes: values.notes,
      idempotencyKey: values.idempotencyKey,
    });
  }

  const save = useMutation({
    mutationFn: (symbol: string) => trpcClient.watchlist.save.mutate({ symbol }),
    onSuccess: (saved) => {
      notify.success(`${saved.symbol} added to your watchlist`);
      refetch();
    },
    onError: () => notify.error(portfolioMessages.failedToUpdateSavedStocks),
  });

  const remove = useMutation({
    mutationFn: (symbol: string) => trpcClient.watchlist.remove.mutate({ symbol }),
    onSuccess: (result) => {
      notify.success(result.message);
      refetch();
    },
    onError: (error, symbol) => {
      if (httpStatusOf(error) === 409) warnHeld(cannotRemoveWhileHeld(symbol));
      else notify.error(portfolioMessages.failedToUpdateSavedStocks);
    },
    onSettled: () => setRemoving(null),
  });

  const sellTarget = selling;
  const held = sellTarget ? (holdings.get(sellTarget.symbol)?.quantity ?? "0") : "0";

  return {
    holdings,
    buy: setBuying,
    sell: setSelling,
    save: (symbol: string) => save.mutate(symbol),
    savingSymbol: save.isPending ? save.variables : undefined,
    /** Asks for confirmation, unless the stock is held: then the spec's notice instead. */
    remove: (symbol: string) => {
      if (holdings.has(symbol)) warnHeld(cannotRemoveWhileHeld(symbol));
      else setRemoving(symbol);
    },
    dialogs: (
      <>
        <BuyDialog
          asset={stockTrade}
          target={buying}
          onClose={() => setBuying(null)}
          submit={submitBuy}
          onSuccess={refetch}
        />
        <SellDialog
          asset={stockTrade}
          target={selling}
          held={held}
          onClose={() => setSelling(null)}
          submit={submitSell}
          onSuccess={refetch}
        />
        <ConfirmDialog
          open={removing !== null}
          title="Remove Stock"
          message={portfolioMessages.confirmRemoveStock}
          busy={remove.isPending}
          onConfirm={() => removing && remove.mutate(removing)}
          onCancel={() => setRemoving(null)}
        />
      </>
    ),
  };
}

export type StockActions = ReturnType<typeof useStockActions>;
