import { m } from "@ledgerline/messages";
import type { CryptoQuote } from "@ledgerline/contracts";
import { Link } from "@tanstack/react-router";
import { LineChart, Star, Trash2 } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Button, buttonClass } from "../ui/Button";
import { CryptoFigures } from "./CryptoFigures";
import { HoldingFigures } from "../assets/HoldingFigures";
import type { CryptoPosition } from "@ledgerline/contracts";
import type { AssetActions } from "../assets/useAssetActions";
import { OnWatchlist } from "../assets/OnWatchlist";
import { SellButton } from "../assets/WatchlistButton";

/**
 * One coin's quote as the crypto search shows it: symbol, price, 24h change, volume, 24h high and
 * low, the user's holding, and Add to Watchlist or Remove, Buy Crypto and Sell Crypto (if owned).
 */
export function CryptoQuoteCard({
  quote,
  name,
  watched,
  actions,
  withDetailsLink = false,
  withWatchButton = true,
  withHolding = true,
  wide = false,
  heading,
  headingLevel = 2,
}: {
  quote: CryptoQuote;
  name: string | undefined;
  watched: boolean;
  actions: AssetActions<CryptoPosition>;
  withDetailsLink?: boolean;
  /** The coin's own page has the watchlist button in its header. */
  withWatchButton?: boolean;
  /** The coin's own page shows the position in a box of its own. */
  withHolding?: boolean;
  /** Figures in three columns where the card has the room. */
  wide?: boolean;
  /** Default: the symbol. */
  heading?: string;
  headingLevel?: 2 | 3;
}) {
  const headingId = useId();
  const { symbol } = quote;
  const position = actions.holdings.get(symbol);
  const target = { symbol, price: quote.price, ...(name ? { name } : {}) };
  const Heading = `h${headingLevel}` as const;
  const saving = actions.savingSymbol === symbol;

  let watchButton: ReactNode;
  if (watched && !actions.removable(symbol)) {
    watchButton = <OnWatchlist />;
  } else if (watched) {
    watchButton = (
      <Button
        size="sm"
        variant="ghost"
        {...actions.preloadRemove}
        onClick={() => actions.remove(symbol)}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {m.asset_remove()}
      </Button>
    );
  } else {
    watchButton = (
      <Button size="sm" variant="secondary" busy={saving} onClick={() => actions.save(symbol)}>
        {!saving && <Star aria-hidden="true" className="h-4 w-4" />}
        {m.watchlist_add()}
      </Button>
    );
  }

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-border bg-surface p-5 shadow-sm sm:p-6"
    >
      <header className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <Heading
            id={headingId}
            className={heading ? "text-lg font-semibold" : "text-2xl font-bold"}
          >
            {heading ?? symbol}
          </Heading>
          {name && !heading && <p className="text-sm text-muted">{name}</p>}
        </div>
        <span className="text-xs text-muted">{m.crypto_usd_24_hours()}</span>
      </header>
      <CryptoFigures quote={quote} wide={wide} />
      {withHolding && (
        <div className="mt-4">
          <HoldingFigures asset={actions.asset} position={position} price={quote.price} />
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" {...actions.preloadTrade} onClick={() => actions.buy(target)}>
          {m.asset_buy_crypto()}
        </Button>
        <SellButton target={target} actions={actions} size="sm" />
        {withWatchButton && watchButton}
        {withDetailsLink && (
          <Link to="/crypto/$symbol" params={{ symbol }} className={buttonClass("ghost", "sm")}>
            <LineChart aria-hidden="true" className="h-4 w-4" />
            {m.crypto_price_history()}
          </Link>
        )}
      </div>
    </article>
  );
}
