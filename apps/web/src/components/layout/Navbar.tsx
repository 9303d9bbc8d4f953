import { m } from "@ledgerline/messages";
import { Link, useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useSession } from "../../lib/use-session";
import { CloseIcon, MenuIcon } from "../ui/icons";
import { NavLink } from "./NavLink";
import type { NavItem } from "./NavMenu";
import { loadSignedInNav, useSignedInNav } from "./signed-in-nav";
import { ThemeToggle } from "./ThemeToggle";

const signedOutLinks: NavItem[] = [
  { to: "/", label: m.nav_home },
  { to: "/login", label: m.nav_login },
  { to: "/register", label: m.nav_register },
];

export function Navbar() {
  const session = useSession();
  // The mobile menu stays open only on the page where it was opened.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  // Loaded before any session is stored (signed-in-nav.ts); the effect is a safety net only.
  const signedInNav = useSignedInNav();
  const signedIn = Boolean(session);
  useEffect(() => {
    if (signedIn) void loadSignedInNav();
  }, [signedIn]);

  return (
    <header
      data-navbar
      className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur"
    >
      <nav
        aria-label={m.nav_main()}
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-2"
      >
        <Link
          to={session ? "/landing" : "/"}
          className="mr-2 flex items-center gap-2 text-lg font-bold text-text"
        >
          <img src="/favicon.svg" alt="" width="28" height="28" />
          Ledgerline
        </Link>
        <PhoneMenuToggle open={open} onToggle={() => setOpen(!open)} />
        <div
          id="main-menu"
          className={`${open ? "flex" : "hidden"} order-3 w-full flex-col gap-1 pb-2 xl:order-none xl:flex xl:w-auto xl:flex-1 xl:flex-row xl:items-center xl:pb-0`}
        >
          <ul className="flex flex-col gap-1 xl:flex-row xl:items-center xl:gap-0">
            {session
              ? signedInNav && <signedInNav.SignedInLinks />
              : signedOutLinks.map((item) => (
                  <li key={item.to}>
                    <NavLink item={item} />
                  </li>
                ))}
          </ul>
          <div className="flex flex-col gap-1 xl:ml-auto xl:flex-row xl:items-center">
            {session && signedInNav && (
              <signedInNav.SignedInActions isAdmin={session.user.isAdmin} />
            )}
            <span className="hidden xl:inline-flex">
              <ThemeToggle />
            </span>
          </div>
        </div>
      </nav>
    </header>
  );
}

/** Below the widest screens: the theme toggle and the button that opens the menu. */
function PhoneMenuToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <div className="ml-auto flex items-center gap-1 xl:hidden">
      <ThemeToggle />
      <button
        type="button"
        className="rounded-md p-2 text-muted hover:bg-surface-muted"
        aria-expanded={open}
        aria-controls="main-menu"
        aria-label={open ? m.nav_close_menu() : m.nav_open_menu()}
        onClick={onToggle}
      >
        {open ? <CloseIcon className="h-5 w-5" /> : <MenuIcon className="h-5 w-5" />}
      </button>
    </div>
  );
}
