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
      <h2 className="text-lg font-semibold">Imported</h2>
      <Alert tone="success">
        {account && `Into ${account.name}: `}
        Imported {result.imported} {result.imported === 1 ? "trade" : "trades"},{" "}
        {counted(result.income, "dividend", "dividends")} and{" "}
        {counted(result.cash, "cash activity", "cash activities")}; {result.splits}{" "}
        {result.splits === 1 ? "split" : "splits"} applied from the corporate-actions calendar;{" "}
        {result.duplicates} already recorded, {result.skipped} skipped, {result.errors} with errors
        left out.
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
          See the imported transactions
        </Link>
        {result.cash > 0 && (
          <Link to="/accounts" className={buttonClass("secondary")}>
            See the account's cash
          </Link>
        )}
      </div>
    </Card>
  );
}
