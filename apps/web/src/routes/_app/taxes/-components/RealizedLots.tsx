import type { InvestmentAccount, RealizedRow } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { accountNames } from "../../../../components/accounts/accounts";
import { ListedTable } from "../../../../components/ui/ListedTable";
import { formatCalendarDate, formatCurrency } from "../../../../lib/format";
import { lotColumns } from "./lot-columns";
import { GainAmount, WashSaleCell } from "./tax-cells";

const column = createColumnHelper<RealizedRow>();

function realizedColumns(names: ReadonlyMap<number, string> | undefined) {
  const shared = lotColumns<RealizedRow>((row) => row.quantity, names);
  return [
    ...shared.leading,
    column.accessor("soldAt", {
      header: m.taxes_sold(),
      cell: (info) => formatCalendarDate(info.getValue()),
    }),
    column.accessor("proceeds", {
      header: m.taxes_proceeds(),
      cell: (info) => formatCurrency(info.getValue()),
      meta: { numeric: true },
    }),
    shared.costBasis,
    column.accessor("washSaleDisallowed", {
      header: m.taxes_wash_sale(),
      cell: (info) => <WashSaleCell disallowed={info.getValue()} />,
      meta: { numeric: true },
    }),
    column.accessor("gain", {
      header: m.taxes_gain_or_loss(),
      cell: (info) => <GainAmount value={info.getValue()} />,
      meta: { numeric: true },
    }),
    shared.term,
  ];
}

/**
 * Every lot a sale of the year closed, as Form 8949 lists them. With `accounts` (several, none
 * filtered) each line names its account.
 */
export function RealizedLots({
  rows,
  accounts,
}: {
  rows: RealizedRow[];
  accounts: readonly InvestmentAccount[] | undefined;
}) {
  const columns = useMemo(() => realizedColumns(accounts && accountNames(accounts)), [accounts]);
  return (
    <section aria-labelledby="tax-lots" className="space-y-3">
      <h2 id="tax-lots" className="text-xl font-semibold">
        {m.taxes_closed_lots()}
      </h2>
      <ListedTable
        rows={rows}
        columns={columns}
        caption={m.taxes_closed_caption()}
        empty={m.taxes_closed_empty()}
        cardsBelow="64rem"
      />
    </section>
  );
}
