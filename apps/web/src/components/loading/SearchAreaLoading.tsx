import { m } from "@ledgerline/messages";
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
        title={m.search_title()}
        subtitle={
          <>
            {m.search_subtitle()} {note}
          </>
        }
      />
      <CollapsibleIntro storageKey="search_area_intro" title={m.search_how()}>
        <p>{m.search_intro({ freshness: freshness.intro.stock })}</p>
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
        <h2 className="mb-3 text-xl font-semibold">{m.search_your_watchlisted()}</h2>
        <LoadingPanel label={m.stocks_loading()} shape="cards" />
      </section>
      <section className="mt-10">
        <h2 className="mb-3 text-xl font-semibold">{m.search_market_movers()}</h2>
        <LoadingPanel label={m.search_loading_movers()} shape="tables" />
      </section>
    </div>
  );
}
