import { CRYPTO_SEARCH_INTRO_KEY } from "@ledgerline/contracts/browser";
import { LoadingPanel } from "../LoadingPanel";
import { Skeleton } from "../RouteStates";
import { CollapsibleIntro } from "../ui/CollapsibleIntro";
import { PageHeader, type QuotePageHeading } from "../ui/PageHeader";
import { freshness } from "../assets/freshness";

/** The crypto search page's header and intro, shared by the page and its loading layout. */
export function CryptoSearchHeader({ note, badge }: QuotePageHeading) {
  return (
    <>
      <PageHeader
        badge={badge}
        title="Crypto Search"
        subtitle={<>Look up a cryptocurrency, watch it and trade it. {note}</>}
      />
      <CollapsibleIntro storageKey={CRYPTO_SEARCH_INTRO_KEY} title="About Crypto Search">
        <p>
          Enter a coin's symbol, such as BTC, ETH or SOL, to see its price in US dollars with the
          change, volume and range of the last 24 hours. Add it to your watchlist to follow it: the
          watchlist below shows each price in green when it is above the price you saved it at and
          in red when it is below. {freshness.intro.crypto}
        </p>
      </CollapsibleIntro>
    </>
  );
}

/** The page while its watchlist loads: the search form as a block of its size (stacked on a phone). */
export function CryptoSearchLoading() {
  return (
    <div>
      <CryptoSearchHeader note={<span className="block min-h-6" />} />
      <div className="mb-8">
        <Skeleton className="h-24 sm:h-11" />
        <div className="mt-6" />
      </div>
      <h2 className="mb-4 text-xl font-semibold">Your Watchlisted Crypto</h2>
      <LoadingPanel label="Loading your watchlist" shape="cards" />
    </div>
  );
}
