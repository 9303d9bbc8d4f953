import {
  CRYPTO_REMOVE_BLOCKED_NOTICE_MS,
  cannotRemoveWhileHeld,
  portfolioMessages,
} from "@ledgerline/contracts/browser";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { notify } from "../../lib/notify";
import { httpStatusOf, trpcClient } from "../../lib/trpc";
import { BuyDialog } from "../trade/BuyDialog";
import { cryptoTrade } from "../trade/crypto-trade-config";
import { SellDialog } from "../trade/SellDialog";
import type { TradeTarget, TradeValues } from "../trade/types";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { refetchOwnData, useCryptoHoldings } from "./crypto-queries";

function warnHeld(symbol: string) {
  notify.warning(cannotRemoveWhileHeld(symbol), {
    autoClose: CRYPTO_REMOVE_BLOCKED_NOTICE_MS,
    toastId: `crypto-held-${symbol}`,
  });
}

/**
 * Everything the crypto screens let a user do to a coin: buy, sell, add to and remove from the
 * watchlist. The screens call the handlers and render `dialogs` once; after any change the
 * user's lists are re-fetched (no page reload).
 */
export function useCryptoActions({ autoRefresh = false }: { autoRefresh?: boolean } = {}) {
  const queryClient = useQueryClient();
  const holdings = useCryptoHoldings({ autoRefresh });
  const [buying, setBuying] = useState<TradeTarget | null>(null);
  const [selling, setSelling] = useState<TradeTarget | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const refetch = () => void refetchOwnData(queryClient);

  async function submitBuy(target: TradeTarget, values: TradeValues) {
    const position = holdings.get(target.symbol);
    const common = {
      quantity: values.quantity,
      purchasePrice: values.price,
      notes: values.notes,
      idempotencyKey: values.idempotencyKey,
    };
    try {
      return position
        ? await trpcClient.cryptoPortfolio.buyMore.mutate({
            ...common,
            positionId: position.id,
            expectedHeld: position.quantity,
          })
        : await trpcClient.cryptoPortfolio.buy.mutate({ ...common, symbol: target.symbol });
    } catch (error) {
      // The holding changed elsewhere: show what is owned now, so a retry starts from the truth.
      if (httpStatusOf(error) === 409) refetch();
      throw error;
    }
  }

  async function submitSell(target: TradeTarget, values: TradeValues) {
    const position = holdings.get(target.symbol);
    if (!position) throw new Error(portfolioMessages.failedToReducePosition);
    return trpcClient.cryptoPortfolio.sell.mutate({
      positionId: position.id,
      quantity: values.quantity,
      price: values.price,
      notes: values.notes,
      idempotencyKey: values.idempotencyKey,
    });
  }

  const save = useMutation({
    mutationFn: (symbol: string) => trpcClient.cryptoWatchlist.save.mutate({ symbol }),
    onSuccess: (saved) => {
      notify.success(`${saved.symbol} added to your watchlist`);
      refetch();
    },
    onError: () => notify.error(portfolioMessages.failedToUpdateWatchlist),
  });

  const remove = useMutation({
    mutationFn: (symbol: string) => trpcClient.cryptoWatchlist.remove.mutate({ symbol }),
    onSuccess: (result) => {
      notify.success(result.message);
      refetch();
    },
    onError: (error, symbol) => {
      if (httpStatusOf(error) === 409) warnHeld(symbol);
      else notify.error(portfolioMessages.failedToUpdateWatchlist);
    },
    onSettled: () => setRemoving(null),
  });

  const owned = selling ? (holdings.get(selling.symbol)?.quantity ?? "0") : "0";

  return {
    holdings,
    buy: setBuying,
    sell: setSelling,
    save: (symbol: string) => save.mutate(symbol),
    savingSymbol: save.isPending ? save.variables : undefined,
    /** Asks for confirmation, unless the coin is owned: then the spec's 3-second notice instead. */
    remove: (symbol: string) => {
      if (holdings.has(symbol)) warnHeld(symbol);
      else setRemoving(symbol);
    },
    dialogs: (
      <>
        <BuyDialog
          asset={cryptoTrade}
          target={buying}
          onClose={() => setBuying(null)}
          submit={submitBuy}
          onSuccess={refetch}
        />
        <SellDialog
          asset={cryptoTrade}
          target={selling}
          held={owned}
          onClose={() => setSelling(null)}
          submit={submitSell}
          onSuccess={refetch}
        />
        <ConfirmDialog
          open={removing !== null}
          title="Remove Crypto"
          message={portfolioMessages.confirmRemoveCrypto}
          tone="danger"
          busy={remove.isPending}
          onConfirm={() => removing && remove.mutate(removing)}
          onCancel={() => setRemoving(null)}
        />
      </>
    ),
  };
}

export type CryptoActions = ReturnType<typeof useCryptoActions>;
