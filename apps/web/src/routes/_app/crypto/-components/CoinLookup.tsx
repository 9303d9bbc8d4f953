import { m } from "@ledgerline/messages";
import type { CryptoPosition, CryptoQuote } from "@ledgerline/contracts";
import type { AssetActions } from "../../../../components/assets/useAssetActions";
import { CryptoQuoteCard } from "../../../../components/crypto/CryptoQuoteCard";
import { isUnknownCoin } from "../../../../components/crypto/crypto-queries";
import { LoadingPanel } from "../../../../components/LoadingPanel";
import { QueryRetryPanel } from "../../../../components/RouteStates";
import { Alert } from "../../../../components/ui/Alert";
import { errorMessage } from "../../../../lib/trpc";
import type { CoinQuery } from "./useCoinSearch";

/** What the search found: loading, an unknown coin, a failure to retry, or the coin's card. */
export function CoinLookup({
  symbol,
  quote,
  result,
  names,
  watched,
  actions,
}: {
  symbol: string | undefined;
  quote: CoinQuery;
  result: CryptoQuote | undefined;
  names: Map<string, string>;
  watched: ReadonlySet<string>;
  actions: AssetActions<CryptoPosition>;
}) {
  return (
    <div className="mt-6" aria-live="polite">
      {symbol !== undefined && quote.isPending && (
        <LoadingPanel label={m.crypto_looking_up({ symbol })} shape="card" />
      )}
      {quote.isError &&
        (isUnknownCoin(quote.error) ? (
          <Alert tone="error">{m.crypto_not_found()}</Alert>
        ) : (
          <QueryRetryPanel
            query={quote}
            message={errorMessage(quote.error, m.crypto_fetch_failed())}
          />
        ))}
      {result && (
        <CryptoQuoteCard
          quote={result}
          name={names.get(result.symbol)}
          watched={watched.has(result.symbol)}
          actions={actions}
          withDetailsLink
          wide
        />
      )}
    </div>
  );
}
