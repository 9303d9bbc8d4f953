import type { SavedCrypto } from "@ledgerline/contracts";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { formatDateTime } from "../../lib/format";
import { Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { CryptoFigures } from "./CryptoFigures";
import { CryptoHolding } from "./CryptoHolding";
import { SavedPriceTrend } from "./SavedPriceTrend";
import type { CryptoPosition } from "@ledgerline/contracts";
import type { AssetActions } from "../assets/useAssetActions";

/**
 * A watched coin: symbol (linking to its page), every figure the spec lists, the holding, and the
 * actions Buy Crypto, Sell Crypto (only if owned) and Remove. With `versusSaved` the price is
 * coloured against the price the coin was saved at.
 */
export function CryptoCard({
  item,
  name,
  actions,
  versusSaved = false,
}: {
  item: SavedCrypto;
  name: string | undefined;
  actions: AssetActions<CryptoPosition>;
  versusSaved?: boolean;
}) {
  const headingId = useId();
  const { symbol } = item;
  const position = actions.holdings.get(symbol);
  const target = { symbol, price: item.price, ...(name ? { name } : {}) };
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-5 shadow-sm"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-bold">
            <Link
              to="/crypto/$symbol"
              params={{ symbol }}
              className="hover:text-primary hover:underline"
            >
              {symbol}
            </Link>
          </h3>
          {name && <p className="truncate text-sm text-muted">{name}</p>}
        </div>
        {item.stale && <Badge tone="warn">As of {formatDateTime(item.quotedAt)}</Badge>}
      </header>
      <CryptoFigures
        quote={item}
        {...(versusSaved
          ? { price: <SavedPriceTrend price={item.price} savedPrice={item.savedPrice} /> }
          : {})}
      />
      <CryptoHolding position={position} />
      <div className="mt-auto flex flex-wrap gap-2">
        <Button size="sm" onClick={() => actions.buy(target)}>
          Buy Crypto
        </Button>
        {position && (
          <Button size="sm" variant="secondary" onClick={() => actions.sell(target)}>
            Sell Crypto
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => actions.remove(symbol)}>
          Remove
        </Button>
      </div>
    </article>
  );
}

export function CryptoCardGrid({
  items,
  names,
  actions,
  versusSaved = false,
}: {
  items: SavedCrypto[];
  names: Map<string, string>;
  actions: AssetActions<CryptoPosition>;
  versusSaved?: boolean;
}) {
  const sorted = [...items].sort((a, b) => a.symbol.localeCompare(b.symbol));
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {sorted.map((item) => (
        <CryptoCard
          key={item.symbol}
          item={item}
          name={names.get(item.symbol)}
          actions={actions}
          versusSaved={versusSaved}
        />
      ))}
    </div>
  );
}
