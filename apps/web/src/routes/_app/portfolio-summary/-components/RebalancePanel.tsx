import { readTypedDecimal } from "@ledgerline/contracts/browser";
import type { Rebalance, TargetDimension } from "@ledgerline/contracts";
import { round } from "@ledgerline/money";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QueryCardBody } from "../../../../components/CardBody";
import { Field } from "../../../../components/ui/Field";
import { formatCurrency, formatQuantity, formatRatio, formatShare } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";
import { percentOf } from "./target-options";
import { ScrollRegion } from "../../../../components/ui/ScrollRegion";
import { ColumnHeads } from "../../../../components/ui/ColumnHeads";

/**
 * The drift from the saved targets and the trades that bring the mix back: within the portfolio,
 * or with cash to invest (buys only); whole shares unless fractions are allowed.
 */
export function RebalancePanel({ by, accountId }: { by: TargetDimension; accountId?: number }) {
  const [cashText, setCashText] = useState("");
  const [fractional, setFractional] = useState(false);
  const cash = cashText.trim() === "" ? undefined : readTypedDecimal(cashText.trim());
  const badCash = cashText.trim() !== "" && cash === undefined;
  const plan = useQuery({
    ...trpc.targets.rebalance.queryOptions({
      by,
      fractional,
      ...(accountId !== undefined && { accountId }),
      ...(cash !== undefined && { cash }),
    }),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="rebalance-heading" className="mt-6 border-t border-border pt-4">
      <h3 id="rebalance-heading" className="font-semibold">
        Rebalance
      </h3>
      <div className="mt-2 flex flex-wrap items-end gap-4">
        <Field
          className="w-48"
          label="Cash to invest (optional)"
          inputMode="decimal"
          value={cashText}
          error={badCash ? "Cash to invest must be a number" : null}
          hint="With cash, only buys."
          onChange={(event) => setCashText(event.target.value)}
        />
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            checked={fractional}
            onChange={(event) => setFractional(event.target.checked)}
          />
          Allow fractional shares
        </label>
      </div>
      <QueryCardBody
        query={plan}
        failure="The rebalancing could not be worked out."
        skeleton="mt-4 h-32"
      >
        {(answer) => <Plan plan={answer} />}
      </QueryCardBody>
    </section>
  );
}

// Narrower on a phone, the first column flush with the caption: the drift's four columns fit a
// 390 px screen without scrolling (the trades' five still scroll inside their box).
const cell = "px-2 py-2 first:pl-0 sm:px-3";
const head =
  "px-2 py-2 first:pl-0 sm:px-3 text-xs font-semibold uppercase sm:tracking-wide text-muted";

function Plan({ plan }: { plan: Rebalance }) {
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-2">
      <ScrollRegion className="relative min-w-0" label="Drift from your targets">
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left font-medium">Drift from your targets</caption>
          <ColumnHeads
            rowClassName=""
            cell={head}
            gap=""
            columns={["Slice", "Target", "Now", "Difference"]}
          />
          <tbody className="divide-y divide-border">
            {plan.drift.map((entry) => (
              <tr key={entry.key}>
                <th scope="row" className={`${cell} font-medium`}>
                  {entry.label}
                </th>
                <td className={`${cell} num`}>{formatShare(percentOf(entry.target))}</td>
                <td className={`${cell} num`}>{formatShare(percentOf(entry.actual))}</td>
                <td className={`${cell} num`}>{formatRatio(entry.difference)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <Trades plan={plan} />
    </div>
  );
}

function Trades({ plan }: { plan: Rebalance }) {
  return (
    <div className="min-w-0 space-y-2">
      {plan.trades.length === 0 ? (
        <p className="text-sm text-muted">
          Nothing to trade: the mix is as close as whole shares allow.
        </p>
      ) : (
        <ScrollRegion className="relative min-w-0" label="Trades that bring it back">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-medium">Trades that bring it back</caption>
            <ColumnHeads
              rowClassName=""
              cell={head}
              gap=""
              columns={["Trade", "Symbol", "Quantity", "Price", "Amount"]}
            />
            <tbody className="divide-y divide-border">
              {plan.trades.map((trade) => (
                <tr key={`${trade.side}:${trade.assetType}:${trade.symbol}`}>
                  <td className={cell}>{trade.side === "BUY" ? "Buy" : "Sell"}</td>
                  <th scope="row" className={`${cell} font-medium`}>
                    {trade.symbol}
                  </th>
                  <td className={`${cell} num`}>{formatQuantity(trade.quantity)}</td>
                  <td className={`${cell} num`}>{formatCurrency(trade.price)}</td>
                  <td className={`${cell} num`}>{formatCurrency(trade.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <p className="text-sm">
        Left in cash:{" "}
        <span className="num font-semibold">{formatCurrency(round(plan.leftoverCash, 2))}</span>
      </p>
      {plan.unmatched.map((entry) => (
        <p key={entry.key} className="text-sm text-muted">
          Nothing is held in {entry.label} to buy into: {formatCurrency(entry.amount)} of it stays
          in cash.
        </p>
      ))}
    </div>
  );
}
