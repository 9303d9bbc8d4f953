import type { SummarySection } from "@ledgerline/contracts";
import { Link } from "@tanstack/react-router";
import type { ComponentType, ReactNode } from "react";
import { CryptoSymbolLink, StockSymbolLink } from "../../../../components/assets/SymbolLink";
import { buttonClass } from "../../../../components/ui/Button";
import { PositionsTable } from "./PositionsTable";

/** What differs between the stock and the crypto holdings on the summary: texts and links. */
export interface HoldingsKind {
  /** "stock", "crypto": in the section's id and the table's caption. */
  noun: string;
  /** The spec's words for a portfolio without any, whole so they can be found in the source. */
  empty: string;
  title: string;
  totalLabel: string;
  /** Where an empty portfolio sends the user to find something to buy. */
  search: { to: "/search-area" | "/crypto"; label: string };
  SymbolLink: ComponentType<{ symbol: string }>;
}

export const stockHoldings: HoldingsKind = {
  noun: "stock",
  empty: "No stock positions in your portfolio.",
  title: "Stock Portfolio",
  totalLabel: "Portfolio Total:",
  search: { to: "/search-area", label: "Search Stocks" },
  SymbolLink: StockSymbolLink,
};

export const cryptoHoldings: HoldingsKind = {
  noun: "crypto",
  empty: "No crypto positions in your portfolio.",
  title: "Crypto Portfolio",
  totalLabel: "Crypto Total:",
  search: { to: "/crypto", label: "Search Crypto" },
  SymbolLink: CryptoSymbolLink,
};

/** A kind's holdings section, titled, around what the page has for it (a table, an error). */
export function HoldingsFrame({ kind, children }: { kind: HoldingsKind; children: ReactNode }) {
  const id = `${kind.noun}-holdings`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold">
        {kind.title}
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
          <p className="text-muted">{kind.empty}</p>
          <Link to={kind.search.to} className={`${buttonClass("primary")} mt-4`}>
            {kind.search.label}
          </Link>
        </div>
      ) : (
        <PositionsTable
          caption={`Your ${kind.noun} positions`}
          section={section}
          totalLabel={kind.totalLabel}
          SymbolLink={kind.SymbolLink}
          notes={notes}
        />
      )}
    </HoldingsFrame>
  );
}
