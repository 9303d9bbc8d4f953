import { Link } from "@tanstack/react-router";

const linkClass = "font-semibold text-primary hover:underline";

/** A symbol as a link to its own page: a stock's research page, a coin's page. */
export function AssetSymbolLink({
  assetType,
  symbol,
  className = linkClass,
}: {
  assetType: "STOCK" | "CRYPTO";
  symbol: string;
  className?: string;
}) {
  return (
    <Link
      to={assetType === "STOCK" ? "/research/$symbol" : "/crypto/$symbol"}
      params={{ symbol }}
      className={className}
    >
      {symbol}
    </Link>
  );
}

export function StockSymbolLink({ symbol }: { symbol: string }) {
  return <AssetSymbolLink assetType="STOCK" symbol={symbol} />;
}

export function CryptoSymbolLink({ symbol }: { symbol: string }) {
  return <AssetSymbolLink assetType="CRYPTO" symbol={symbol} />;
}
