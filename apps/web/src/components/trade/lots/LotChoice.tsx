import { m } from "@ledgerline/messages";
import type { CostBasisMethod } from "@ledgerline/contracts";
import { costBasisMethodLabels, LOTS_PAGE_MAX } from "@ledgerline/contracts/browser";
import { compare, parseDecimal, subtract } from "@ledgerline/money";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { formatQuantity } from "../../../lib/format";
import { trpc } from "../../../lib/trpc";
import { accountsQuery, defaultAccountOf } from "../../accounts/accounts";
import { Button } from "../../ui/Button";
import { LotRows } from "./LotRows";
import { checkChosen, fillInOrder, methodOrder, taxSavingOrder, type LotPick } from "./lot-picks";

/** What the dialog sends and shows: the lots chosen (none: the method picks), and if they add up. */
export interface LotChoiceState {
  lots?: LotPick[];
  complete: boolean;
}

export interface LotChoiceProps {
  symbol: string;
  assetType: "STOCK" | "CRYPTO";
  /** The account sold from; none for a user with one account. */
  accountId: number | undefined;
  /** The sale's quantity and price as typed. */
  quantity: string;
  price: string;
  quantityText: (quantity: string, symbol: string) => string;
  onChange: (choice: LotChoiceState) => void;
}

/** The account's cost-basis method: the chosen account's, or the only (default) one's. */
function useMethod(accountId: number | undefined): CostBasisMethod | undefined {
  const accounts = useQuery(accountsQuery()).data;
  if (!accounts) return undefined;
  const account =
    accountId === undefined
      ? defaultAccountOf(accounts)
      : accounts.find((candidate) => candidate.id === accountId);
  return account?.costBasisMethod;
}

const asTyped = (picks: readonly LotPick[]) =>
  Object.fromEntries(picks.map((pick) => [pick.lotId, pick.quantity]));

/**
 * Every open lot of the position: the method's picks need them all, so the pages after the first
 * are read at once (a position of more than a page of lots is rare; decision 0046).
 */
function useOpenLots(
  symbol: LotChoiceProps["symbol"],
  assetType: LotChoiceProps["assetType"],
  accountId: LotChoiceProps["accountId"],
) {
  const lotsQuery = useInfiniteQuery(
    trpc.tax.lots.infiniteQueryOptions(
      {
        symbol,
        assetType,
        open: true,
        limit: LOTS_PAGE_MAX,
        ...(accountId === undefined ? {} : { accountId }),
      },
      { getNextPageParam: (page) => page.nextCursor },
    ),
  );
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = lotsQuery;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const lots = useMemo(
    () => lotsQuery.data?.pages.flatMap((page) => page.lots) ?? [],
    [lotsQuery.data],
  );
  return { lotsQuery, lots };
}

/**
 * The sell dialog's lots (issue 32): which open lots the account's method would sell for the
 * quantity typed, and a choice of others, typed per lot or filled to defer the most tax. The
 * dialog's Review waits until a choice adds up to the sale.
 */
export default function LotChoice(props: LotChoiceProps) {
  const { symbol, assetType, accountId, quantity, onChange } = props;
  const price = parseDecimal(props.price);
  const method = useMethod(accountId);
  const { lotsQuery, lots } = useOpenLots(symbol, assetType, accountId);
  const { hasNextPage, isError } = lotsQuery;
  const [typed, setTyped] = useState<Record<string, string> | null>(null);
  const order = useMemo(() => methodOrder(lots, method ?? "fifo"), [lots, method]);
  const methodPicks = useMemo(() => fillInOrder(order, quantity), [order, quantity]);
  const chosen = useMemo(
    () => (typed ? checkChosen(order, typed, quantity) : null),
    [order, typed, quantity],
  );

  useEffect(() => {
    if (!chosen) onChange({ complete: true });
    else {
      const complete = chosen.invalid.length === 0 && compare(chosen.difference, "0") === 0;
      onChange({ lots: chosen.picks, complete });
    }
  }, [chosen, onChange]);

  if (lotsQuery.isPending || (hasNextPage && !isError))
    return <p className="h-24 text-sm text-muted">{m.trade_loading_lots()}</p>;
  if (lotsQuery.isError || order.length === 0) {
    return (
      <p className="text-sm text-muted">
        {lotsQuery.isError ? m.trade_lots_failed() : m.trade_no_open_lots()}
      </p>
    );
  }
  const minimize = () =>
    price && setTyped(asTyped(fillInOrder(taxSavingOrder(order, price), quantity)));

  return (
    <section aria-labelledby="lot-choice" className="space-y-3 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id="lot-choice" className="text-sm font-semibold">
          {m.trade_lots_sold()}
        </h3>
        {method && (
          <p className="text-xs text-muted">
            {m.trade_method({ method: costBasisMethodLabels[method] })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          aria-pressed={typed !== null}
          onClick={() => setTyped(typed ? null : asTyped(methodPicks))}
        >
          {typed ? m.trade_use_method_lots() : m.trade_choose_lots()}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!price || !parseDecimal(quantity)}
          title={m.trade_minimize_tax_hint()}
          onClick={minimize}
        >
          {m.trade_minimize_tax()}
        </Button>
      </div>
      <LotRows
        lots={order}
        picks={chosen ? chosen.picks : methodPicks}
        typed={typed}
        invalid={chosen?.invalid ?? []}
        price={price}
        symbol={symbol}
        onType={(lotId, value) => setTyped({ ...typed, [lotId]: value })}
      />
      {chosen && <ChosenTotal {...props} difference={chosen.difference} />}
    </section>
  );
}

/** Whether the lots chosen add up to the sale, and by how much they do not. */
function ChosenTotal({
  quantity,
  symbol,
  quantityText,
  difference,
}: LotChoiceProps & { difference: string }) {
  const direction = compare(difference, "0");
  const amount = formatQuantity(direction < 0 ? subtract("0", difference) : difference);
  return (
    <p role="status" className={direction === 0 ? "text-sm text-gain" : "text-sm text-loss"}>
      {direction === 0
        ? m.trade_lots_add_up({ quantity: quantityText(formatQuantity(quantity || "0"), symbol) })
        : (direction < 0 ? m.trade_lots_short : m.trade_lots_over)({
            quantity: quantityText(amount, symbol),
          })}
    </p>
  );
}
