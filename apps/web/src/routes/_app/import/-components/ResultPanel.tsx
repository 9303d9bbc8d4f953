import { m } from "@ledgerline/messages";
import type { ImportResult, ImportPreviewRow, InvestmentAccount } from "@ledgerline/contracts";
import { Link } from "@tanstack/react-router";
import { Alert } from "../../../../components/ui/Alert";
import { buttonClass } from "../../../../components/ui/Button";
import { Card } from "../../../../components/ui/Card";
import { counted } from "./import-counts";

export function ResultPanel({
  result,
  rows,
  account,
}: {
  result: ImportResult;
  rows: ImportPreviewRow[];
  /** The account imported into, named for a user who keeps several. */
  account: InvestmentAccount | undefined;
}) {
  // The history filtered to the imported trades' dates.
  const dates = rows
    .filter((row) => row.outcome === "trade" && row.date)
    .map((row) => row.date!)
    .sort();
  return (
    <Card className="space-y-4 p-6">
      <h2 className="text-lg font-semibold">{m.import_imported()}</h2>
      <Alert tone="success">
        {account && m.import_result_into({ name: account.name })}
        {m.import_result({
          trades: counted(result.imported, m.import_trade_one, m.import_trade_many),
          income: counted(result.income, m.import_dividend_one, m.import_dividend_many),
          cash: counted(result.cash, m.import_cash_one, m.import_cash_many),
          splits: counted(result.splits, m.import_split_one, m.import_split_many),
          duplicates: String(result.duplicates),
          skipped: String(result.skipped),
          errors: String(result.errors),
        })}
      </Alert>
      <div className="flex flex-wrap gap-3">
        <Link
          to="/transaction-history"
          search={
            dates.length > 0
              ? {
                  startDate: dates[0],
                  endDate: dates.at(-1),
                  sortBy: "transactionDate",
                  sortOrder: "desc",
                  ...(account ? { account: account.id } : {}),
                }
              : account
                ? { account: account.id }
                : {}
          }
          className={buttonClass("primary")}
        >
          {m.import_see_transactions()}
        </Link>
        {result.cash > 0 && (
          <Link to="/accounts" className={buttonClass("secondary")}>
            {m.import_see_cash()}
          </Link>
        )}
      </div>
    </Card>
  );
}
