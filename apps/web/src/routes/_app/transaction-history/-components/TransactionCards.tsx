import { m } from "@ledgerline/messages";
import type { TransactionSortColumn, TransactionView } from "@ledgerline/contracts";
import { compare } from "@ledgerline/money";
import { AssetSymbolLink } from "../../../../components/assets/SymbolLink";
import { CardSort } from "../../../../components/ui/CardSort";
import { MoneyText } from "../../../../components/money/Money";
import { formatDateTime, formatQuantity } from "../../../../lib/format";
import { AssetBadge, isSplit, SideBadge, splitText } from "./badges";

export const sortLabels: Record<TransactionSortColumn, string> = {
  transactionDate: m.history_date(),
  type: m.history_purchase_type(),
  symbol: m.asset_symbol(),
  transactionType: m.history_type(),
  quantity: m.trade_quantity(),
  price: m.asset_price(),
  transactionTotal: m.trade_total(),
};
const sortOptions = Object.entries(sortLabels).map(([value, label]) => ({
  value: value as TransactionSortColumn,
  label,
}));

/**
 * On a phone the table's columns do not fit: one card per transaction, and the sort as a
 * column choice and a direction button.
 */
export function TransactionCards({
  rows,
  empty,
  sortBy,
  sortOrder,
  onSort,
  accountNames,
}: {
  rows: TransactionView[];
  /** Each account's name, for a user with several (their rows carry `accountId`). */
  accountNames?: ReadonlyMap<number, string>;
  empty: string;
  sortBy: TransactionSortColumn;
  sortOrder: "asc" | "desc";
  onSort: (column: TransactionSortColumn) => void;
}) {
  return (
    <div className="sm:hidden">
      <CardSort
        value={sortBy}
        options={sortOptions}
        onChange={onSort}
        direction={sortOrder}
        onFlip={() => onSort(sortBy)}
      />
      {rows.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-sm text-muted">
          {empty}
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-surface text-sm">
          {rows.map((row) => (
            <li key={row.id} className="px-4 py-3">
              <div className="flex items-center justify-between gap-3">
                <span className="flex items-center gap-2">
                  <AssetSymbolLink assetType={row.type} symbol={row.symbol} />
                  <SideBadge side={row.transactionType} />
                  <AssetBadge type={row.type} />
                </span>
                {!isSplit(row) && (
                  <span className="num font-semibold">
                    <MoneyText usd={row.transactionTotal} day={row.transactionDate} />
                  </span>
                )}
              </div>
              <p className="num mt-1 flex justify-between gap-3 text-xs text-muted">
                <span>{formatDateTime(row.transactionDate)}</span>
                {!isSplit(row) && (
                  <span>
                    {formatQuantity(row.quantity)} ×{" "}
                    <MoneyText usd={row.price} day={row.transactionDate} />
                    {compare(row.fee, "0") > 0 && (
                      <>
                        {` ${row.transactionType === "SELL" ? "−" : "+"} `}
                        <MoneyText usd={row.fee} day={row.transactionDate} /> {m.history_fee_word()}
                      </>
                    )}
                  </span>
                )}
              </p>
              {row.accountId !== undefined && accountNames?.has(row.accountId) && (
                <p className="mt-1 text-xs text-muted">
                  {m.history_account_of({ name: accountNames.get(row.accountId) ?? "" })}
                </p>
              )}
              {isSplit(row) ? (
                <p className="mt-1 text-sm font-medium">{splitText(row)}</p>
              ) : (
                row.notes && <p className="mt-1 truncate text-xs text-muted">{row.notes}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
