import { cannotRemoveWhileHeld } from "@ledgerline/contracts/browser";
import type { PositionView, ValuedPosition } from "@ledgerline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useCallback, useMemo, useState } from "react";
import { notify } from "../../lib/notify";
import { preloadable, preloadOn } from "../../lib/preloadable";
import { httpStatusOf } from "../../lib/trpc";
import { accountsQuery } from "../accounts/accounts";
import { tradeAccounts } from "../trade/trade-accounts";
import type { TradeTarget, TradeValues } from "../trade/types";
import type { AssetConfig } from "./asset-config";
import { invalidateOwnData } from "./own-data";

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
const preloadTradeDialog = preloadOn(() => {
  BuyDialog.preload();
  SellDialog.preload();
});
/** Spread on a Remove button: the confirmation's code loads before the click. */
const preloadRemoveDialog = preloadOn(() => ConfirmDialog.preload());

/**
 * Positions by symbol. A symbol held in several investment accounts has a row per account, each
 * with `symbolTotal`: its holding is then that total (quantity, average price, value), what a
 * card or a research page says is held of it.
 */
export function holdingsBySymbol<P extends PositionView>(positions: readonly P[]): Map<string, P> {
  return new Map(
    positions.map((position) => {
      const total = (position as Partial<ValuedPosition>).symbolTotal;
      return [position.symbol, total ? { ...position, ...total } : position];
    }),
  );
}

/** The user's positions of one kind of asset, by symbol (over all their accounts). */
export function useHoldings<P extends PositionView>(
  asset: AssetConfig<P>,
  options: { autoRefresh?: boolean } = {},
): Map<string, P> {
  const positions = asset.portfolio.usePositions(options);
  return useMemo(() => holdingsBySymbol(positions.data ?? []), [positions.data]);
}

/**
 * Everything a screen lets a user do to a stock or a coin: buy, sell, add to and remove from the
 * watchlist. The screen calls the handlers and renders `dialogs` once; after any change the
 * user's own data is re-fetched (no page reload). The object is the same from render to render
 * until the holdings, a dialog or a pending save change, so memoised cards that take it are not
 * drawn again by a live tick that re-renders their screen.
 */
export function useAssetActions<P extends PositionView>(
  asset: AssetConfig<P>,
  options: { autoRefresh?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const holdings = useHoldings(asset, options);
  // Every position, a symbol's one per account holding it (decision 0031).
  const positions = asset.portfolio.usePositions(options).data;
  const accounts = useQuery(accountsQuery()).data;
  /** The position of a symbol in the chosen account, or the symbol's only one without a choice. */
  const positionFor = useCallback(
    (symbol: string, accountId: number | undefined) =>
      accountId === undefined
        ? holdings.get(symbol)
        : positions?.find(
            (position) => position.symbol === symbol && position.accountId === accountId,
          ),
    [holdings, positions],
  );
  const [buying, setBuying] = useState<TradeTarget | null>(null);
  const [selling, setSelling] = useState<TradeTarget | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  // From the first dialog opened on, all are rendered (closed ones draw nothing).
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && (buying !== null || selling !== null || removing !== null)) {
    setDialogsWanted(true);
  }
  const { watchlist, portfolio } = asset;

  const refetch = useCallback(() => void invalidateOwnData(queryClient), [queryClient]);
  // The trades' writes; the dialogs' steps decide what follows them (useTradeSteps).
  const { mutateAsync: buy } = useMutation(portfolio.buy());
  const { mutateAsync: buyMore } = useMutation(portfolio.buyMore());
  const { mutateAsync: sell } = useMutation(portfolio.sell());
  const warnHeld = useCallback(
    (symbol: string) =>
      notify.warning(cannotRemoveWhileHeld(symbol), {
        autoClose: watchlist.heldNoticeMs,
        toastId: `${asset.kind}-held-${symbol}`,
      }),
    [asset.kind, watchlist.heldNoticeMs],
  );

  const submitBuy = useCallback(
    async (target: TradeTarget, values: TradeValues) => {
      const position = positionFor(target.symbol, values.accountId);
      const common = {
        quantity: values.quantity,
        purchasePrice: values.price,
        fee: values.fee,
        notes: values.notes,
        idempotencyKey: values.idempotencyKey,
      };
      try {
        return position
          ? await buyMore({ ...common, positionId: position.id, expectedHeld: position.quantity })
          : await buy({
              ...common,
              symbol: target.symbol,
              ...(values.accountId === undefined ? {} : { accountId: values.accountId }),
            });
      } catch (error) {
        // The holding changed elsewhere: show what is held now, so a retry starts from the truth.
        if (httpStatusOf(error) === 409) refetch();
        throw error;
      }
    },
    [positionFor, buy, buyMore, refetch],
  );

  const submitSell = useCallback(
    async (target: TradeTarget, values: TradeValues) => {
      const position = positionFor(target.symbol, values.accountId);
      if (!position) throw new Error(asset.trade.sell.failure);
      return sell({
        positionId: position.id,
        quantity: values.quantity,
        price: values.price,
        fee: values.fee,
        notes: values.notes,
        idempotencyKey: values.idempotencyKey,
        ...(values.lots ? { lots: values.lots } : {}),
      });
    },
    [positionFor, sell, asset.trade.sell.failure],
  );

  const save = useMutation({
    ...watchlist.save(),
    onSuccess: (saved) => {
      notify.success(`${saved.symbol} added to your watchlist`);
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
    onSettled: () => setRemoving(null),
  });

  // What is held of the asset a dialog trades: the confirm step shows the holding after the trade.
  const trading = selling ?? buying;
  const held = trading ? (holdings.get(trading.symbol)?.quantity ?? "0") : "0";
  // The Account choice, for a user with more than one account.
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
  const savingSymbol = save.isPending ? save.variables?.symbol : undefined;
  const { mutate: saveSymbol } = save;
  const { mutate: removeSymbol, isPending: removeBusy } = remove;

  const dialogs = useMemo(
    () =>
      dialogsWanted && (
        <Suspense fallback={null}>
          <BuyDialog
            asset={asset.trade}
            target={buying}
            held={held}
            accounts={buyAccounts}
            onClose={() => setBuying(null)}
            submit={submitBuy}
            onSuccess={refetch}
          />
          <SellDialog
            asset={asset.trade}
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
      asset.trade,
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
    ],
  );

  return useMemo(
    () => ({
      asset,
      holdings,
      buy: setBuying,
      sell: setSelling,
      save: (symbol: string) => saveSymbol({ symbol }),
      savingSymbol,
      /**
       * Whether Remove is offered: not while the asset is held, since the server refuses it then
       * (spec: removal is blocked while in the portfolio), as Sell is offered only while held.
       */
      removable: (symbol: string) => !holdings.has(symbol),
      /** Asks for confirmation, unless the asset is held: then the spec's notice instead. */
      remove: (symbol: string) => {
        if (holdings.has(symbol)) warnHeld(symbol);
        else setRemoving(symbol);
      },
      dialogs,
      /** Spread on a Buy or Sell button: its dialog's code loads before the click. */
      preloadTrade: preloadTradeDialog,
      /** Spread on a Remove button: the confirmation's code loads before the click. */
      preloadRemove: preloadRemoveDialog,
    }),
    [asset, holdings, saveSymbol, savingSymbol, warnHeld, dialogs],
  );
}

export type AssetActions<P extends PositionView = PositionView> = ReturnType<
  typeof useAssetActions<P>
>;
