import type { InvestmentAccount } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { MoneyText } from "../../../../components/money/Money";
import { add, percent, sum } from "@ledgerline/money";
import { memo } from "react";
import { Card } from "../../../../components/ui/Card";
import { formatPercent } from "../../../../lib/format";
import { holdingsOfAccount, type HoldingsView, type PositionAccount } from "./account-view";
import { ColumnHeads } from "../../../../components/ui/ColumnHeads";
import { ScrollRegion } from "../../../../components/ui/ScrollRegion";

/** One account's line: what it holds at current prices, its cash, and their sum. */
export interface AccountValue {
  id: number;
  name: string;
  holdings: string;
  cash: string;
  value: string;
}

/**
 * Each account's value (issue 31): its holdings from the summary's rows (the live prices move
 * them), its cash as the accounts list answers it, in exact decimals; the share of each in the
 * whole.
 */
export function accountValues(
  view: HoldingsView,
  accountOf: ReadonlyMap<number, PositionAccount>,
  accounts: readonly InvestmentAccount[],
): { rows: AccountValue[]; total: string } {
  const rows = accounts.map((account) => {
    const holdings = holdingsOfAccount(view, accountOf, account.id).total.currentValue;
    return {
      id: account.id,
      name: account.name,
      holdings,
      cash: account.cashBalance,
      value: add(holdings, account.cashBalance),
    };
  });
  return { rows, total: sum(rows.map((row) => row.value)) };
}

export const AccountBreakdown = memo(function AccountBreakdown({
  rows,
  total,
}: {
  rows: readonly AccountValue[];
  total: string;
}) {
  return (
    <Card>
      <h2 id="account-breakdown-heading" className="text-lg font-semibold">
        {m.summary_value_by_account()}
      </h2>
      <ScrollRegion labelledBy="account-breakdown-heading" className="mt-3">
        <table className="w-full text-sm" aria-labelledby="account-breakdown-heading">
          <ColumnHeads
            columns={[
              m.summary_col_account(),
              ...[
                m.summary_col_holdings(),
                m.summary_slice_cash(),
                m.summary_legend_value(),
                m.summary_col_share(),
              ].map((label) => ({ label, numeric: true })),
            ]}
          />
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-border">
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {row.name}
                </th>
                <td className="num py-1 pr-3 text-right">
                  <MoneyText usd={row.holdings} />
                </td>
                <td className="num py-1 pr-3 text-right">
                  <MoneyText usd={row.cash} />
                </td>
                <td className="num py-1 pr-3 text-right">
                  <MoneyText usd={row.value} />
                </td>
                <td className="num py-1 text-right">{formatPercent(percent(row.value, total))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Card>
  );
});
