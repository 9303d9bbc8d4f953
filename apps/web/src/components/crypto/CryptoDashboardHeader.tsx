import { CRYPTO_DASHBOARD_INTRO_KEY } from "@ledgerline/contracts/browser";
import { CollapsibleIntro } from "../ui/CollapsibleIntro";
import { PageHeader, type QuotePageHeading } from "../ui/PageHeader";

// Shared by the crypto dashboard and its loading layout, in a module of their own: declared in the
// route file, the code-split parts would share them through the route's definition, which every
// page loads.

/**
 * The page's header and intro, shared by the page and its loading layout: the intro's words are
 * what a first load paints (prerendered, closed before that paint for a reader who closed it).
 */
export function CryptoDashboardHeader({ note, badge }: QuotePageHeading) {
  return (
    <>
      <PageHeader
        badge={badge}
        title="Crypto Dashboard"
        subtitle={<>The coins you watch, at a glance. {note}</>}
      />
      <CollapsibleIntro storageKey={CRYPTO_DASHBOARD_INTRO_KEY} title="Crypto Dashboard Overview">
        <p>
          Every coin on your crypto watchlist with its current price, the change over the last 24
          hours, volume, opening price and 24-hour range. Coins you own show the amount in your
          portfolio and what it is worth now. Buy more, sell, or remove a coin from its card; open a
          coin for its price history.
        </p>
      </CollapsibleIntro>
    </>
  );
}
