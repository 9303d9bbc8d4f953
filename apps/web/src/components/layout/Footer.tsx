import { Link } from "@tanstack/react-router";

/**
 * The year is the reader's, read when the footer renders: a prerendered page's HTML says the
 * build's year until the app replaces it, and a year written in the source goes stale.
 */
export function Footer() {
  return (
    <footer className="mt-16 border-t border-border py-8 text-sm text-muted">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4">
        <p>© {new Date().getFullYear()} Ledgerline. All rights reserved.</p>
        <nav aria-label="Legal" className="flex gap-4">
          <Link to="/terms" className="hover:text-text">
            Terms of Service
          </Link>
          <Link to="/privacy" className="hover:text-text">
            Privacy Policy
          </Link>
        </nav>
      </div>
    </footer>
  );
}
