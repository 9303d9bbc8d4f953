import { m } from "@ledgerline/messages";
import { ChevronDown } from "lucide-react";
import { lazy, Suspense } from "react";
import { navMenuButtonClass } from "./nav-classes";
import { NavLink, navLinkClass } from "./NavLink";
import type { NavItem } from "./NavMenu";

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

async function logout() {
  const { logout: signOut } = await import("../../auth/session-calls");
  await signOut();
}

/** The signed-in links, in the navbar's list. */
export function SignedInLinks() {
  return signedInLinks.map((item) =>
    "items" in item ? (
      <NavGroupItems key={item.items[0]!.to} group={item} />
    ) : (
      <li key={item.to}>
        <NavLink item={item} />
      </li>
    ),
  );
}

/** Admin's menu (for an admin) and Logout, before the theme toggle. */
export function SignedInActions({ isAdmin }: { isAdmin: boolean }) {
  return (
    <>
      {isAdmin && (
        // Until its code arrives, the menu's button as it will look (an admin page's
        // prerendered first paint shows it too).
        <Suspense fallback={<MenuStandIn label={m.nav_admin()} />}>
          <AdminMenu />
        </Suspense>
      )}
      <button type="button" onClick={() => void logout()} className={`${navLinkClass} text-left`}>
        {m.nav_logout()}
      </button>
    </>
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
