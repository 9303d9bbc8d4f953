import { m } from "@ledgerline/messages";
import { compare } from "@ledgerline/money";
import { directionOf, Trend } from "../../../../components/assets/Change";
import { CryptoSymbolLink, StockSymbolLink } from "../../../../components/assets/SymbolLink";
import { Badge } from "../../../../components/ui/Badge";
import { formatCurrency, formatSignedCurrency } from "../../../../lib/format";

/** What the report's rows and the lot lists share: which asset, and how long it was held. */
export function SymbolCell({ symbol, assetType }: { symbol: string; assetType: string }) {
  return assetType === "CRYPTO" ? (
    <CryptoSymbolLink symbol={symbol} />
  ) : (
    <StockSymbolLink symbol={symbol} />
  );
}

export function TermBadge({ term }: { term: "short" | "long" }) {
  return <Badge tone={term === "long" ? "info" : "neutral"}>{termLabel[term]}</Badge>;
}

export const termLabel = { short: m.taxes_short_term(), long: m.taxes_long_term() } as const;

/** A wash sale's Form 8949 code and the loss it disallowed; a dash where none. */
export function WashSaleCell({ disallowed }: { disallowed: string }) {
  if (compare(disallowed, "0") === 0) {
    return (
      <span className="text-muted">
        <span aria-hidden="true">–</span>
        <span className="sr-only">{m.taxes_none()}</span>
      </span>
    );
  }
  return (
    <span className="whitespace-nowrap">
      <abbr title={m.taxes_wash_sale()} className="font-semibold no-underline">
        W
      </abbr>{" "}
      {formatCurrency(disallowed)}
    </span>
  );
}

/** A realized or total gain: coloured, signed and with an arrow, as every change is shown. */
export function GainAmount({ value }: { value: string }) {
  const shown = formatSignedCurrency(value);
  return <Trend direction={directionOf(value, shown, null)}>{shown}</Trend>;
}
