/**
 * A navbar dropdown's button (NavMenu), and the look of its stand-in while that module loads
 * (Navbar), so the button takes the stand-in's place without moving what follows it.
 */
export const navMenuButtonClass =
  "inline-flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-muted hover:bg-surface-muted hover:text-text data-[state=open]:text-text";
