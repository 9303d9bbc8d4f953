import { m } from "@ledgerline/messages";
import type { TaxLot } from "@ledgerline/contracts";
import {
  formatCalendarDate,
  formatPrice,
  formatQuantity,
  formatSignedCurrency,
} from "../../../lib/format";
import { Badge } from "../../ui/Badge";
import { inputClass } from "../../ui/Field";
import { cx } from "../../ui/cx";
import { costPerUnit, estimatedGain, type LotPick } from "./lot-picks";
import { ColumnHeads } from "../../ui/ColumnHeads";

const termLabel = { short: m.trade_short_term(), long: m.trade_long_term() } as const;

/**
 * The open lots in the order the method sells them: when each was bought, its term, what it has
 * left at what cost a unit, how much the sale takes from it (typed, while choosing) and the gain
 * that would be at the sell price.
 */
export function LotRows({
  lots,
  picks,
  typed,
  invalid,
  price,
  symbol,
  onType,
}: {
  lots: readonly TaxLot[];
  picks: readonly LotPick[];
  typed: Readonly<Record<string, string>> | null;
  invalid: readonly string[];
  /** The sell price, when one is typed: the estimated gains need it. */
  price: string | undefined;
  symbol: string;
  onType: (lotId: string, value: string) => void;
}) {
  const taken = new Map(picks.map((pick) => [pick.lotId, pick.quantity]));
  return (
    <table className="w-full text-left text-xs">
      <caption className="sr-only">{m.trade_open_lots_caption({ symbol })}</caption>
      <ColumnHeads
        className="text-muted"
        rowClassName=""
        gap="pr-2"
        columns={[
          m.trade_lot(),
          { label: m.trade_cost_each(), numeric: true, nowrap: true },
          { label: m.trade_sell(), numeric: true },
          { label: m.trade_est_gain(), numeric: true, nowrap: true },
        ]}
      />
      <tbody className="divide-y divide-border">
        {lots.map((lot) => {
          const bought = formatCalendarDate(lot.acquiredAt);
          const sold = taken.get(lot.lotId);
          return (
            <tr key={lot.lotId} data-lot-id={lot.lotId}>
              <td className="py-1.5 pr-2 align-top">
                <span className="block whitespace-nowrap">{bought}</span>
                <span className="flex flex-wrap items-center gap-1 text-muted">
                  <span className="whitespace-nowrap">
                    <Badge tone={lot.term === "long" ? "info" : "neutral"}>
                      {termLabel[lot.term]}
                    </Badge>
                  </span>
                  <span className="num">
                    {m.trade_lot_held({ quantity: formatQuantity(lot.remaining) })}
                  </span>
                </span>
              </td>
              <td className="num py-1.5 pr-2 text-right align-top">
                {formatPrice(costPerUnit(lot))}
              </td>
              <td className="num py-1.5 pr-2 text-right align-top">
                {typed ? (
                  <input
                    type="number"
                    inputMode="decimal"
                    min="0"
                    step="any"
                    aria-label={m.trade_sell_from_lot({ date: bought, lot: lot.lotId })}
                    aria-invalid={invalid.includes(lot.lotId) || undefined}
                    value={typed[lot.lotId] ?? ""}
                    placeholder="0"
                    onChange={(event) => onType(lot.lotId, event.target.value)}
                    className={cx(inputClass, "w-16 px-2 py-1 text-right text-xs")}
                  />
                ) : (
                  (sold && formatQuantity(sold)) || (
                    <span className="text-muted">{m.trade_none()}</span>
                  )
                )}
              </td>
              <td className="num py-1.5 text-right align-top whitespace-nowrap">
                {sold && price ? formatSignedCurrency(estimatedGain(lot, sold, price)) : ""}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
