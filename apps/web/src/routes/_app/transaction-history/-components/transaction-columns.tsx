import { m } from "@ledgerline/messages";
import type { TransactionView } from "@ledgerline/contracts";
import { createColumnHelper } from "@tanstack/react-table";
import { CryptoSymbolLink, StockSymbolLink } from "../../../../components/assets/SymbolLink";
import { MoneyText } from "../../../../components/money/Money";
import { formatDateTime, formatQuantity } from "../../../../lib/format";
import { AssetBadge, isSplit, NoCash, SideBadge, splitText } from "./badges";

const column = createColumnHelper<TransactionView>();
export const columns = [
  column.accessor("transactionDate", {
    header: m.history_date(),
    cell: (info) => (
      <span className="num whitespace-nowrap">{formatDateTime(info.getValue())}</span>
    ),
  }),
  column.accessor("type", {
    header: m.history_purchase_type(),
    cell: (info) => <AssetBadge type={info.getValue()} />,
  }),
  column.accessor("symbol", {
    header: m.asset_symbol(),
    cell: (info) => {
      const { symbol, type, notes, transactionType } = info.row.original;
      return (
        <div>
          {type === "STOCK" ? (
            <StockSymbolLink symbol={symbol} />
          ) : (
            <CryptoSymbolLink symbol={symbol} />
          )}
          {/* A split's notes are its description, shown in place of its figures. */}
          {notes && transactionType !== "SPLIT" && (
            <p className="max-w-56 truncate text-xs text-muted">{notes}</p>
          )}
        </div>
      );
    },
  }),
  column.accessor("transactionType", {
    header: m.history_type(),
    cell: (info) => <SideBadge side={info.getValue()} />,
  }),
  column.accessor("quantity", {
    header: m.trade_quantity(),
    meta: { numeric: true },
    cell: (info) =>
      isSplit(info.row.original) ? (
        <span className="whitespace-nowrap">{splitText(info.row.original)}</span>
      ) : (
        formatQuantity(info.getValue())
      ),
  }),
  column.accessor("price", {
    header: m.asset_price(),
    meta: { numeric: true },
    cell: (info) =>
      isSplit(info.row.original) ? (
        <NoCash />
      ) : (
        // Each amount at the rate of its own day.
        <MoneyText usd={info.getValue()} day={info.row.original.transactionDate} />
      ),
  }),
  column.accessor("transactionTotal", {
    header: m.trade_total(),
    meta: { numeric: true },
    cell: (info) =>
      isSplit(info.row.original) ? (
        <NoCash />
      ) : (
        // Each amount at the rate of its own day.
        <MoneyText usd={info.getValue()} day={info.row.original.transactionDate} />
      ),
  }),
  // Quantity x price is the total; a buy cost the fee on top, a sell brought in less by it.
  column.accessor("fee", {
    header: m.trade_fee(),
    enableSorting: false,
    meta: { numeric: true },
    cell: (info) =>
      isSplit(info.row.original) ? (
        <NoCash />
      ) : (
        // Each amount at the rate of its own day.
        <MoneyText usd={info.getValue()} day={info.row.original.transactionDate} />
      ),
  }),
];

/** The account of each row, for a user with several accounts (their rows carry `accountId`). */
function accountColumn(names: ReadonlyMap<number, string>) {
  return column.accessor("accountId", {
    header: m.trade_account(),
    enableSorting: false,
    cell: (info) => {
      const id = info.getValue();
      return id === undefined ? null : (
        <span className="[overflow-wrap:anywhere]">{names.get(id) ?? ""}</span>
      );
    },
  });
}

/** The table's columns: with the Account column after Symbol for a user with several accounts. */
export function shownColumns(names: ReadonlyMap<number, string> | undefined) {
  return names ? [...columns.slice(0, 3), accountColumn(names), ...columns.slice(3)] : columns;
}
