import { m } from "@ledgerline/messages";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { LiveIndicator } from "../../../../components/assets/LiveFigure";
import { Skeleton } from "../../../../components/RouteStates";
import { buttonClass } from "../../../../components/ui/Button";

// Shared by the coin page and its loading layout, in a module of their own: declared in the route
// file, the code-split parts would share them through the route's definition, which every page loads.

export function ReturnToCryptoSearch() {
  return (
    <Link to="/crypto" className={buttonClass("ghost", "sm")}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {m.crypto_return_to_search()}
    </Link>
  );
}

/** Under the coin's name: how it is priced, and whether its price is pushed live. */
export function CoinSubtitle() {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-muted">
      {m.crypto_coin_subtitle()} <LiveIndicator />
    </p>
  );
}

/**
 * The page's layout while the coin's quote loads: its symbol and subtitle (a first load paints
 * them from the prerendered layout), and grey blocks for its panels.
 */
export function CoinSkeleton({ symbol, back }: { symbol: string; back: ReactNode }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={m.asset_loading_symbol({ symbol })}
      className="space-y-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{symbol}</h1>
          <CoinSubtitle />
        </div>
        {back}
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6">
          <Skeleton className="h-80 border border-border" />
          <Skeleton className="h-40 border border-border" />
        </div>
        <Skeleton className="h-[30rem] border border-border lg:col-span-2" />
      </div>
    </div>
  );
}
