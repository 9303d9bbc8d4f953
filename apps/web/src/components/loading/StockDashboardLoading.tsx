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
        title="Stock Dashboard"
        subtitle={<>Your watched stocks. {note}</>}
      />
      <CollapsibleIntro storageKey="dashboard_intro" title="Stock Dashboard Overview">
        <p>
          Every stock on your watchlist with today&apos;s price, change, volume and trading range,
          and how many shares you hold. {freshness.intro.stock} Buy or sell from a card, or open
          Research Stock for charts, company details and news.
        </p>
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
      <LoadingPanel label="Loading Stocks" shape="cards" />
    </div>
  );
}
