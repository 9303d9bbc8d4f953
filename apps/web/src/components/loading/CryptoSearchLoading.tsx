import { m } from "@ledgerline/messages";
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
        title={m.nav_crypto_search()}
        subtitle={
          <>
            {m.crypto_search_subtitle()} {note}
          </>
        }
      />
      <CollapsibleIntro storageKey={CRYPTO_SEARCH_INTRO_KEY} title={m.crypto_search_about()}>
        <p>{m.crypto_search_intro({ freshness: freshness.intro.crypto })}</p>
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
      <h2 className="mb-4 text-xl font-semibold">{m.crypto_your_watchlisted()}</h2>
      <LoadingPanel label={m.crypto_loading_your_watchlist()} shape="cards" />
    </div>
  );
}
