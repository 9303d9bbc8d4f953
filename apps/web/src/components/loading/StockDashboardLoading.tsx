import { m } from "@ledgerline/messages";
import { LoadingPanel } from "../LoadingPanel";
import { MarketSummaryLoading } from "../stocks/MarketSummaryLoading";
import { CollapsibleIntro } from "../ui/CollapsibleIntro";
import { PageHeader, type QuotePageHeading } from "../ui/PageHeader";
import { freshness } from "../assets/freshness";

// The page's header and intro, shared by the page and its loading layout (in a module of their
// own: declared in the route file, the code-split parts would share them through the route's
// definition, which every page loads), so the one takes the other's place without a shift.

export function DashboardHeader({ note, badge }: QuotePageHeading) {
  return (
    <>
      <PageHeader
        badge={badge}
        title={m.nav_stock_dashboard()}
        subtitle={
          <>
            {m.stocks_dashboard_subtitle()} {note}
          </>
        }
      />
      <CollapsibleIntro storageKey="dashboard_intro" title={m.stocks_dashboard_overview()}>
        <p>{m.stocks_dashboard_intro({ freshness: freshness.intro.stock })}</p>
      </CollapsibleIntro>
    </>
  );
}

/** The page as it shows while its watchlist and the market summary load. */
export function StockDashboardLoading() {
  return (
    <div>
      {/* The live note's line, kept while it has nothing to say (LiveNote idle). */}
      <DashboardHeader note={<span className="block min-h-6" />} />
      <MarketSummaryLoading />
      <LoadingPanel label={m.stocks_loading()} shape="cards" />
    </div>
  );
}
