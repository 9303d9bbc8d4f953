import type { OverviewCounts } from "@ledgerline/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link, type LinkProps } from "@tanstack/react-router";
import { Bitcoin, Briefcase, Coins, Star, type LucideIcon } from "lucide-react";
import { trpc } from "../../lib/trpc";

interface Tile {
  key: keyof OverviewCounts;
  label: string;
  to: LinkProps["to"];
  icon: LucideIcon;
}

/** The spec's Quick Overview tiles, each linking to its dashboard or to the portfolio summary. */
const tiles: Tile[] = [
  { key: "savedStocks", label: "Saved Stocks", to: "/stock-dashboard", icon: Star },
  { key: "savedCrypto", label: "Saved Crypto", to: "/crypto-dashboard", icon: Coins },
  { key: "stocksOwned", label: "Stocks Owned", to: "/portfolio-summary", icon: Briefcase },
  { key: "cryptoOwned", label: "Crypto Owned", to: "/portfolio-summary", icon: Bitcoin },
];

export function OverviewTiles() {
  const counts = useQuery(trpc.overview.counts.queryOptions());
  return (
    <>
      {tiles.map((tile) => (
        <Link
          key={tile.key}
          to={tile.to}
          className="group block rounded-xl border border-border bg-surface p-6 shadow-sm transition hover:border-primary"
        >
          <p className="flex items-center gap-2 text-sm text-muted">
            <tile.icon aria-hidden="true" className="h-4 w-4 text-primary" />
            {tile.label}
          </p>
          <p className="num mt-1 text-2xl font-semibold group-hover:text-primary">
            {counts.data ? (
              counts.data[tile.key]
            ) : counts.isError ? (
              "N/A"
            ) : (
              <span
                aria-hidden="true"
                className="inline-block h-7 w-8 animate-pulse rounded bg-surface-muted align-middle"
              />
            )}
          </p>
        </Link>
      ))}
    </>
  );
}
