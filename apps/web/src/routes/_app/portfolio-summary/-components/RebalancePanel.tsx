import { readTypedDecimal } from "@ledgerline/contracts/browser";
import type { Rebalance, TargetDimension } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
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
import { sliceLabel } from "./slice-labels";

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
        {m.summary_rebalance()}
      </h3>
      <div className="mt-2 flex flex-wrap items-end gap-4">
        <Field
          className="w-48"
          label={m.summary_cash_to_invest()}
          inputMode="decimal"
          value={cashText}
          error={badCash ? m.summary_cash_to_invest_invalid() : null}
          hint={m.summary_cash_to_invest_hint()}
          onChange={(event) => setCashText(event.target.value)}
        />
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            checked={fractional}
            onChange={(event) => setFractional(event.target.checked)}
          />
          {m.summary_allow_fractional()}
        </label>
      </div>
      <QueryCardBody query={plan} failure={m.summary_rebalance_failed()} skeleton="mt-4 h-32">
        {(answer) => <Plan by={by} plan={answer} />}
      </QueryCardBody>
    </section>
  );
}

// Narrower on a phone, the first column flush with the caption: the drift's four columns fit a
// 390 px screen without scrolling (the trades' five still scroll inside their box).
const cell = "px-2 py-2 first:pl-0 sm:px-3";
const head =
  "px-2 py-2 first:pl-0 sm:px-3 text-xs font-semibold uppercase sm:tracking-wide text-muted";

function Plan({ by, plan }: { by: TargetDimension; plan: Rebalance }) {
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-2">
      <ScrollRegion className="relative min-w-0" label={m.summary_drift()}>
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left font-medium">{m.summary_drift()}</caption>
          <ColumnHeads
            rowClassName=""
            cell={head}
            gap=""
            columns={[
              m.summary_col_slice(),
              m.summary_col_target(),
              m.summary_col_now(),
              m.summary_col_difference(),
            ]}
          />
          <tbody className="divide-y divide-border">
            {plan.drift.map((entry) => (
              <tr key={entry.key}>
                <th scope="row" className={`${cell} font-medium`}>
                  {sliceLabel(by, entry)}
                </th>
                <td className={`${cell} num`}>{formatShare(percentOf(entry.target))}</td>
                <td className={`${cell} num`}>{formatShare(percentOf(entry.actual))}</td>
                <td className={`${cell} num`}>{formatRatio(entry.difference)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <Trades by={by} plan={plan} />
    </div>
  );
}

function Trades({ by, plan }: { by: TargetDimension; plan: Rebalance }) {
  return (
    <div className="min-w-0 space-y-2">
      {plan.trades.length === 0 ? (
        <p className="text-sm text-muted">{m.summary_nothing_to_trade()}</p>
      ) : (
        <ScrollRegion className="relative min-w-0" label={m.summary_trades()}>
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-medium">{m.summary_trades()}</caption>
            <ColumnHeads
              rowClassName=""
              cell={head}
              gap=""
              columns={[
                m.summary_col_trade(),
                m.summary_col_symbol(),
                m.summary_col_quantity(),
                m.summary_col_price(),
                m.summary_col_amount(),
              ]}
            />
            <tbody className="divide-y divide-border">
              {plan.trades.map((trade) => (
                <tr key={`${trade.side}:${trade.assetType}:${trade.symbol}`}>
                  <td className={cell}>
                    {trade.side === "BUY" ? m.summary_trade_buy() : m.summary_trade_sell()}
                  </td>
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
        {m.summary_left_in_cash()}{" "}
        <span className="num font-semibold">{formatCurrency(round(plan.leftoverCash, 2))}</span>
      </p>
      {plan.unmatched.map((entry) => (
        <p key={entry.key} className="text-sm text-muted">
          {m.summary_unmatched({
            slice: sliceLabel(by, entry),
            amount: formatCurrency(entry.amount),
          })}
        </p>
      ))}
    </div>
  );
}
