import { m } from "@ledgerline/messages";
import type { ColumnDef } from "@tanstack/react-table";
import { formatCalendarDate, formatCurrency, formatQuantity } from "../../../../lib/format";
import { SymbolCell, TermBadge } from "./tax-cells";

/** What a closed lot line and an open lot share, for the columns both tables show. */
interface LotLine {
  symbol: string;
  assetType: string;
  accountId: number;
  acquiredAt: string;
  costBasis: string;
  term: "short" | "long";
}

/**
 * The columns the report's lines and the harvesting list have in common: the symbol (the card's
 * title on a phone), the account when several are shown, the quantity (`quantity` names which
 * figure), when it was bought, its basis and its term.
 */
export function lotColumns<T extends LotLine>(
  quantity: (row: T) => string,
  names: ReadonlyMap<number, string> | undefined,
) {
  const column = (def: ColumnDef<T>) => def;
  return {
    leading: [
      column({
        id: "symbol",
        header: m.taxes_symbol(),
        cell: ({ row }) => <SymbolCell {...row.original} />,
      }),
      ...(names
        ? [
            column({
              id: "account",
              header: m.taxes_account(),
              cell: ({ row }) => names.get(row.original.accountId) ?? "",
            }),
          ]
        : []),
      column({
        id: "quantity",
        header: m.taxes_quantity(),
        cell: ({ row }) => formatQuantity(quantity(row.original)),
        meta: { numeric: true },
      }),
      column({
        id: "acquired",
        header: m.taxes_acquired(),
        cell: ({ row }) => formatCalendarDate(row.original.acquiredAt),
      }),
    ],
    costBasis: column({
      id: "costBasis",
      header: m.taxes_cost_basis(),
      cell: ({ row }) => formatCurrency(row.original.costBasis),
      meta: { numeric: true },
    }),
    term: column({
      id: "term",
      header: m.taxes_term(),
      cell: ({ row }) => <TermBadge term={row.original.term} />,
    }),
  };
}
