import type { PositionView } from "@ledgerline/contracts";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useMemo, useState } from "react";
import { preloadable, preloadOn } from "../../lib/preloadable";
import { accountsQuery } from "../accounts/accounts";
import { tradeAccounts } from "../trade/trade-accounts";
import type { TradeTarget, TradeValues } from "../trade/types";
import type { AssetConfig } from "./asset-config";

// The dialogs' code (the form library, dialog primitives) loads when a dialog is first opened, not
// with every screen that shows a Buy or Remove button: a dashboard's boot does not wait for it.
const BuyDialog = preloadable(() =>
  import("../trade/TradeDialog").then((module) => ({ default: module.BuyDialog })),
);
const SellDialog = preloadable(() =>
  import("../trade/TradeDialog").then((module) => ({ default: module.SellDialog })),
);
const ConfirmDialog = preloadable(() =>
  import("../ui/ConfirmDialog").then((module) => ({ default: module.ConfirmDialog })),
);

/** Spread on a Buy or Sell button: its dialog's code loads before the click. */
export const preloadTradeDialog = preloadOn(() => {
  BuyDialog.preload();
  SellDialog.preload();
});
/** Spread on a Remove button: the confirmation's code loads before the click. */
export const preloadRemoveDialog = preloadOn(() => ConfirmDialog.preload());

/** The dialogs open, each as null while closed, and what they do. */
export interface AssetDialogsState<P extends PositionView> {
  asset: AssetConfig<P>;
  holdings: Map<string, P>;
  positions: readonly P[] | undefined;
  buying: TradeTarget | null;
  selling: TradeTarget | null;
  removing: string | null;
  setBuying: (target: null) => void;
  setSelling: (target: null) => void;
  setRemoving: (symbol: null) => void;
  submitBuy: (target: TradeTarget, values: TradeValues) => Promise<unknown>;
  submitSell: (target: TradeTarget, values: TradeValues) => Promise<unknown>;
  refetch: () => void;
  removeSymbol: (input: { symbol: string }) => void;
  removeBusy: boolean;
}

/**
 * The holding a trade dialog starts from (the confirm step shows the holding after the trade),
 * and the Account choice, for a user with more than one account.
 */
function useTradingAccounts<P extends PositionView>(state: AssetDialogsState<P>) {
  const { holdings, positions, buying, selling } = state;
  const accounts = useQuery(accountsQuery()).data;
  const trading = selling ?? buying;
  const held = trading ? (holdings.get(trading.symbol)?.quantity ?? "0") : "0";
  const tradingPositions = useMemo(
    () =>
      trading ? (positions ?? []).filter((position) => position.symbol === trading.symbol) : [],
    [positions, trading],
  );
  const buyAccounts = useMemo(
    () => (buying && accounts ? tradeAccounts("buy", accounts, tradingPositions) : undefined),
    [buying, accounts, tradingPositions],
  );
  const sellAccounts = useMemo(
    () => (selling && accounts ? tradeAccounts("sell", accounts, tradingPositions) : undefined),
    [selling, accounts, tradingPositions],
  );
  return { held, buyAccounts, sellAccounts };
}

/**
 * The buy, sell and remove dialogs, once one was first opened (from then on all are rendered;
 * closed ones draw nothing): the same element until what they show changes.
 */
export function useAssetDialogs<P extends PositionView>(state: AssetDialogsState<P>) {
  const { asset, buying, selling, removing } = state;
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && (buying !== null || selling !== null || removing !== null)) {
    setDialogsWanted(true);
  }
  const { held, buyAccounts, sellAccounts } = useTradingAccounts(state);
  const { setBuying, setSelling, setRemoving, submitBuy, submitSell, refetch } = state;
  const { removeSymbol, removeBusy } = state;
  const { watchlist, trade } = asset;
  return useMemo(
    () =>
      dialogsWanted && (
        <Suspense fallback={null}>
          <BuyDialog
            asset={trade}
            target={buying}
            held={held}
            accounts={buyAccounts}
            onClose={() => setBuying(null)}
            submit={submitBuy}
            onSuccess={refetch}
          />
          <SellDialog
            asset={trade}
            target={selling}
            held={held}
            accounts={sellAccounts}
            onClose={() => setSelling(null)}
            submit={submitSell}
            onSuccess={refetch}
          />
          <ConfirmDialog
            open={removing !== null}
            title={watchlist.removeTitle}
            message={watchlist.removeMessage}
            tone={watchlist.removeTone}
            busy={removeBusy}
            onConfirm={() => removing && removeSymbol({ symbol: removing })}
            onCancel={() => setRemoving(null)}
          />
        </Suspense>
      ),
    [
      dialogsWanted,
      trade,
      buying,
      selling,
      held,
      buyAccounts,
      sellAccounts,
      removing,
      removeBusy,
      removeSymbol,
      submitBuy,
      submitSell,
      refetch,
      watchlist,
      setBuying,
      setSelling,
      setRemoving,
    ],
  );
}
