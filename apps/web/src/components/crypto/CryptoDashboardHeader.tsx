import { m } from "@ledgerline/messages";
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
        title={m.nav_crypto_dashboard()}
        subtitle={
          <>
            {m.crypto_dashboard_subtitle()} {note}
          </>
        }
      />
      <CollapsibleIntro
        storageKey={CRYPTO_DASHBOARD_INTRO_KEY}
        title={m.crypto_dashboard_overview()}
      >
        <p>{m.crypto_dashboard_intro()}</p>
      </CollapsibleIntro>
    </>
  );
}
