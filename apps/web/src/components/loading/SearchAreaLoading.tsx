import { LoadingPanel } from "../LoadingPanel";
import { Skeleton } from "../RouteStates";
import { CollapsibleIntro } from "../ui/CollapsibleIntro";
import { PageHeader, type QuotePageHeading } from "../ui/PageHeader";
import { freshness } from "../assets/freshness";

/** The stock search page's header and intro, shared by the page and its loading layout. */
export function SearchAreaHeader({ note, badge }: QuotePageHeading) {
  return (
    <>
      <PageHeader
        badge={badge}
        title="Stock Search & Tracking"
        subtitle={
          <>Look up US stocks, keep a watchlist, and see today&apos;s biggest moves. {note}</>
        }
      />
      <CollapsibleIntro storageKey="search_area_intro" title="How stock search works">
        <p>
          Search by ticker symbol (such as AAPL) or start typing a company name and pick a match.
          The result shows today&apos;s price and change and whether you hold the stock. Add stocks
          to your watchlist to follow them here and on your Stock Dashboard. {freshness.intro.stock}{" "}
          Open a stock&apos;s research page for its chart, company details and news.
        </p>
      </CollapsibleIntro>
    </>
  );
}

/**
 * The page while its watchlist loads (the route's loader reads it) and before the market movers
 * start: the search card as a block, and both of the spec's loading panels where the page has them.
 */
export function SearchAreaLoading() {
  return (
    <div>
      <SearchAreaHeader note={<span className="block min-h-6" />} />
      <Skeleton className="h-[14.5rem] border border-border md:h-[8.5rem]" />
      <section className="mt-10">
        <h2 className="mb-3 text-xl font-semibold">Your Watchlisted Stocks</h2>
        <LoadingPanel label="Loading Stocks" shape="cards" />
      </section>
      <section className="mt-10">
        <h2 className="mb-3 text-xl font-semibold">Market Movers</h2>
        <LoadingPanel label="Loading Market Movers" shape="tables" />
      </section>
    </div>
  );
}
