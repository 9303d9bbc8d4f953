import type { SummarySection } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { Link } from "@tanstack/react-router";
import type { ComponentType, ReactNode } from "react";
import { CryptoSymbolLink, StockSymbolLink } from "../../../../components/assets/SymbolLink";
import { buttonClass } from "../../../../components/ui/Button";
import { PositionsTable } from "./PositionsTable";

/**
 * What differs between the stock and the crypto holdings on the summary: texts and links. The
 * texts are catalog messages, read when the section is drawn.
 */
export interface HoldingsKind {
  /** "stock", "crypto": in the section's id. */
  noun: string;
  /** The spec's words for a portfolio without any. */
  empty: () => string;
  title: () => string;
  /** The table's caption ('Your stock positions'). */
  caption: () => string;
  totalLabel: () => string;
  /** Where an empty portfolio sends the user to find something to buy. */
  search: { to: "/search-area" | "/crypto"; label: () => string };
  SymbolLink: ComponentType<{ symbol: string }>;
}

export const stockHoldings: HoldingsKind = {
  noun: "stock",
  empty: m.summary_no_stock_positions,
  title: m.summary_stock_portfolio,
  caption: m.summary_stock_positions_caption,
  totalLabel: m.summary_portfolio_total,
  search: { to: "/search-area", label: m.summary_search_stocks },
  SymbolLink: StockSymbolLink,
};

export const cryptoHoldings: HoldingsKind = {
  noun: "crypto",
  empty: m.summary_no_crypto_positions,
  title: m.summary_crypto_portfolio,
  caption: m.summary_crypto_positions_caption,
  totalLabel: m.summary_crypto_total,
  search: { to: "/crypto", label: m.summary_search_crypto },
  SymbolLink: CryptoSymbolLink,
};

/** A kind's holdings section, titled, around what the page has for it (a table, an error). */
export function HoldingsFrame({ kind, children }: { kind: HoldingsKind; children: ReactNode }) {
  const id = `${kind.noun}-holdings`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold">
        {kind.title()}
      </h2>
      {children}
    </section>
  );
}

/** A kind's positions with their total, or (none held) a link to search for some. */
export function HoldingsSection({
  kind,
  section,
  notes,
}: {
  kind: HoldingsKind;
  section: SummarySection;
  /** A line under a holding's symbol, by position id (its account). */
  notes?: ReadonlyMap<number, string>;
}) {
  return (
    <HoldingsFrame kind={kind}>
      {section.positions.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border bg-surface px-6 py-10 text-center">
          <p className="text-muted">{kind.empty()}</p>
          <Link to={kind.search.to} className={`${buttonClass("primary")} mt-4`}>
            {kind.search.label()}
          </Link>
        </div>
      ) : (
        <PositionsTable
          caption={kind.caption()}
          section={section}
          totalLabel={kind.totalLabel()}
          SymbolLink={kind.SymbolLink}
          notes={notes}
        />
      )}
    </HoldingsFrame>
  );
}
