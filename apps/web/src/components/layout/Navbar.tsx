import { m } from "@ledgerline/messages";
import { Link, useRouterState } from "@tanstack/react-router";
import { ChevronDown, Menu, X } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useSession } from "../../lib/use-session";
import { navMenuButtonClass } from "./nav-classes";
import type { NavItem } from "./NavMenu";
import { ThemeToggle } from "./ThemeToggle";

const NavMenu = lazy(() => import("./NavMenu"));
const AdminMenu = lazy(() => import("./NavMenu").then((module) => ({ default: module.AdminMenu })));

/** A group of links: a dropdown on a wide screen, its links one per line in the phone's menu. */
interface NavGroup {
  label: () => string;
  items: NavItem[];
}

/**
 * The spec's signed-in links in its order, with Alerts, Income and Import beside them. At 1280 px
 * they would not share one row with the search, Admin, Logout and the bell, so the portfolio's
 * pages (Accounts among them) are one 'Portfolio' dropdown there (docs/decisions: the navbar's Portfolio menu).
 */
const signedInLinks: (NavItem | NavGroup)[] = [
  { to: "/landing", label: m.nav_home },
  { to: "/stock-dashboard", label: m.nav_stock_dashboard },
  { to: "/search-area", label: m.nav_stock_search },
  { to: "/crypto-dashboard", label: m.nav_crypto_dashboard },
  { to: "/crypto", label: m.nav_crypto_search },
  {
    label: m.nav_portfolio,
    items: [
      { to: "/portfolio-summary", label: m.nav_your_portfolio },
      { to: "/transaction-history", label: m.nav_transaction_history },
      { to: "/income", label: m.nav_income },
      { to: "/taxes", label: m.nav_taxes },
      { to: "/import", label: m.nav_import },
      { to: "/accounts", label: m.nav_accounts },
    ],
  },
  { to: "/alerts", label: m.nav_alerts },
  { to: "/account", label: m.nav_account },
];

const signedOutLinks: NavItem[] = [
  { to: "/", label: m.nav_home },
  { to: "/login", label: m.nav_login },
  { to: "/register", label: m.nav_register },
];

const linkClass =
  "block rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-muted hover:bg-surface-muted hover:text-text data-[status=active]:text-primary";

async function logout() {
  const { logout: signOut } = await import("../../auth/session-calls");
  await signOut();
}

export function Navbar() {
  const session = useSession();
  // The mobile menu stays open only on the page where it was opened.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const links = session ? signedInLinks : signedOutLinks;

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
            {links.map((item) =>
              "items" in item ? (
                <NavGroupItems key={item.items[0]!.to} group={item} />
              ) : (
                <li key={item.to}>
                  <NavLink item={item} />
                </li>
              ),
            )}
          </ul>
          <div className="flex flex-col gap-1 xl:ml-auto xl:flex-row xl:items-center">
            {session?.user.isAdmin && (
              // Until its code arrives, the menu's button as it will look (an admin page's
              // prerendered first paint shows it too).
              <Suspense fallback={<MenuStandIn label={m.nav_admin()} />}>
                <AdminMenu />
              </Suspense>
            )}
            {session && (
              <button
                type="button"
                onClick={() => void logout()}
                className={`${linkClass} text-left`}
              >
                {m.nav_logout()}
              </button>
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
        {open ? (
          <X aria-hidden="true" className="h-5 w-5" />
        ) : (
          <Menu aria-hidden="true" className="h-5 w-5" />
        )}
      </button>
    </div>
  );
}

function NavLink({ item }: { item: NavItem }) {
  return (
    <Link to={item.to} className={linkClass} activeOptions={{ exact: true }}>
      {item.label()}
    </Link>
  );
}

/** A dropdown's button as it will look, until its code arrives. */
function MenuStandIn({ label }: { label: string }) {
  return (
    <span className={navMenuButtonClass}>
      {label} <ChevronDown aria-hidden="true" className="h-4 w-4" />
    </span>
  );
}

/**
 * A group's links, one per line, in the menu below the xl breakpoint; from there its dropdown.
 * Until the dropdown's code arrives, its name where its button will be.
 */
function NavGroupItems({ group }: { group: NavGroup }) {
  return (
    <>
      {group.items.map((item) => (
        <li key={item.to} className="xl:hidden">
          <NavLink item={item} />
        </li>
      ))}
      <li className="hidden xl:block">
        <Suspense fallback={<MenuStandIn label={group.label()} />}>
          <NavMenu label={group.label()} items={group.items} />
        </Suspense>
      </li>
    </>
  );
}
