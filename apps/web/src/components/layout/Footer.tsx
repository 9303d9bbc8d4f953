import { m } from "@ledgerline/messages";
import { Link } from "@tanstack/react-router";

/**
 * The year is the reader's, read when the footer renders: a prerendered page's HTML says the
 * build's year until the app replaces it, and a year written in the source goes stale.
 */
export function Footer() {
  return (
    <footer className="mt-16 border-t border-border py-8 text-sm text-muted">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4">
        <p>{m.footer_rights({ year: String(new Date().getFullYear()) })}</p>
        <nav aria-label={m.footer_legal()} className="flex gap-4">
          <Link to="/terms" className="hover:text-text">
            {m.footer_terms()}
          </Link>
          <Link to="/privacy" className="hover:text-text">
            {m.footer_privacy()}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
