import { m } from "@ledgerline/messages";
import { Search } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { preloadable, preloadOn } from "../../lib/preloadable";

/** The dialog's code (Radix Dialog, the search) loads when it is first approached or asked for. */
const SearchDialog = preloadable(() => import("./SearchDialog"));
const preloadDialog = preloadOn(() => SearchDialog.preload());

/** Apple's keyboards say ⌘ where others say Ctrl. */
const onApple = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The navbar's ticker search: a button, and Ctrl+K (⌘K on a Mac) from anywhere on a signed-in
 * page, open a dialog that finds stocks and coins. The signed-in layout loads this after the
 * first paint, as it does the bell, and it joins the navbar from here, just before the bell.
 */
export default function GlobalSearch() {
  const [nav] = useState(() => document.querySelector<HTMLElement>("[data-navbar] nav"));
  const [open, setOpen] = useState(false);
  // Kept once opened, so closing runs the dialog's own ending (focus back where it was).
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const [shortcut] = useState(() => (onApple() ? "⌘K" : "Ctrl+K"));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k" && !event.altKey) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  if (!nav) return null;
  return createPortal(
    <div className="order-1 flex items-center">
      {/* An icon with a name: at 1280 px (the bar's widest) there is no room for a wider one. The
          shortcut shows in its tooltip and is announced through aria-keyshortcuts. */}
      <button
        type="button"
        aria-label={m.nav_search()}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        title={`${m.nav_search()} (${shortcut})`}
        onClick={() => setOpen(true)}
        {...preloadDialog}
        className="inline-flex items-center rounded-md p-2 text-sm text-muted hover:bg-surface-muted hover:text-text"
      >
        <Search aria-hidden="true" className="h-5 w-5" />
      </button>
      {opened && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </div>,
    nav,
  );
}
