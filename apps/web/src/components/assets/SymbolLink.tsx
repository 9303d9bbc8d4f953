import { Link } from "@tanstack/react-router";

/** A symbol as a link to its own page: a stock's research page, a coin's page. */
export function StockSymbolLink({ symbol }: { symbol: string }) {
  return (
    <Link
      to="/research/$symbol"
      params={{ symbol }}
      className="font-semibold text-primary hover:underline"
    >
      {symbol}
    </Link>
  );
}

export function CryptoSymbolLink({ symbol }: { symbol: string }) {
  return (
    <Link
      to="/crypto/$symbol"
      params={{ symbol }}
      className="font-semibold text-primary hover:underline"
    >
      {symbol}
    </Link>
  );
}
