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

const termLabel = { short: "Short-term", long: "Long-term" } as const;

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
      <caption className="sr-only">
        Open lots of {symbol}, in the order the method sells them
      </caption>
      <ColumnHeads
        className="text-muted"
        rowClassName=""
        gap="pr-2"
        columns={[
          "Lot",
          { label: "Cost each", numeric: true, nowrap: true },
          { label: "Sell", numeric: true },
          { label: "Est. gain", numeric: true, nowrap: true },
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
                  <span className="num">{formatQuantity(lot.remaining)} held</span>
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
                    aria-label={`Sell from the lot bought ${bought} (lot ${lot.lotId})`}
                    aria-invalid={invalid.includes(lot.lotId) || undefined}
                    value={typed[lot.lotId] ?? ""}
                    placeholder="0"
                    onChange={(event) => onType(lot.lotId, event.target.value)}
                    className={cx(inputClass, "w-16 px-2 py-1 text-right text-xs")}
                  />
                ) : (
                  (sold && formatQuantity(sold)) || <span className="text-muted">None</span>
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
