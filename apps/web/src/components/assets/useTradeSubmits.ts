import type { PositionView } from "@ledgerline/contracts";
import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import { httpStatusOf } from "../../lib/trpc";
import type { TradeTarget, TradeValues } from "../trade/types";
import type { AssetConfig } from "./asset-config";

/**
 * The trade dialogs' writes: a buy adds to the position in the chosen account (or opens one), a
 * sell takes from it. The dialogs' steps decide what follows them (useTradeSteps).
 */
export function useTradeSubmits<P extends PositionView>(
  asset: AssetConfig<P>,
  holdings: Map<string, P>,
  /** Every position, a symbol's one per account holding it (decision 0031). */
  positions: readonly P[] | undefined,
  refetch: () => void,
) {
  const { portfolio } = asset;
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
  const { mutateAsync: buy } = useMutation(portfolio.buy());
  const { mutateAsync: buyMore } = useMutation(portfolio.buyMore());
  const { mutateAsync: sell } = useMutation(portfolio.sell());

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
  return { submitBuy, submitSell };
}
