import { Link } from "@tanstack/react-router";

export function Footer() {
  return (
    <footer className="mt-16 border-t border-border py-8 text-sm text-muted">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4">
        <p>© 2025 Ledgerline. All rights reserved.</p>
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
