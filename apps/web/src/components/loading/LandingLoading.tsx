import type { OverviewCounts } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { Link, type LinkProps } from "@tanstack/react-router";
import {
  Bitcoin,
  Briefcase,
  ClipboardList,
  Coins,
  History,
  LayoutDashboard,
  PieChart,
  Search,
  Settings,
  Star,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { useSession } from "../../lib/use-session";
import { Card } from "../ui/Card";

// The landing page's parts that need no data, shared by the page and its loading layout.

/** A figure still on its way: a grey block of the figure's size. */
const pending = (size: string) => (
  <span
    aria-hidden="true"
    className={`inline-block ${size} animate-pulse rounded bg-surface-muted align-top`}
  />
);

/** The portfolio at a glance: its value and today's change (grey while undefined). */
export function GlanceFrame({ value, change }: { value?: ReactNode; change?: ReactNode }) {
  return (
    <section
      aria-labelledby="glance-heading"
      // Stacked on a phone, where the figures arriving would otherwise re-wrap the row and push
      // the tools below down; one row from sm up, with room for both figures.
      className="flex flex-col gap-y-3 rounded-xl border border-border bg-surface p-6 shadow-sm sm:flex-row sm:flex-wrap sm:items-end sm:gap-x-10"
    >
      <div>
        <h2 id="glance-heading" className="text-sm text-muted">
          {m.summary_value_chart_title()}
        </h2>
        <p className="num mt-1 text-3xl font-bold">
          {value === undefined ? pending("h-9 w-40") : value}
        </p>
      </div>
      <div>
        <p className="text-sm text-muted">{m.landing_todays_change()}</p>
        <p className="mt-1 min-h-7 text-lg">
          {change === undefined ? pending("h-7 w-36") : change}
        </p>
      </div>
      <Link
        to="/portfolio-summary"
        className="text-sm font-medium text-primary hover:underline sm:ml-auto"
      >
        {m.landing_see_all_holdings()}
      </Link>
    </section>
  );
}

/** A tool's card: where it goes, and its title and text (catalog messages, read when drawn). */
interface Tool {
  to: LinkProps["to"];
  title: () => string;
  text: () => string;
  icon: LucideIcon;
}

const tools: Tool[] = [
  {
    to: "/stock-dashboard",
    title: m.nav_stock_dashboard,
    text: m.landing_tool_stock_dashboard,
    icon: LayoutDashboard,
  },
  {
    to: "/search-area",
    title: m.nav_stock_search,
    text: m.landing_tool_stock_search,
    icon: Search,
  },
  {
    to: "/crypto-dashboard",
    title: m.nav_crypto_dashboard,
    text: m.landing_tool_crypto_dashboard,
    icon: Coins,
  },
  { to: "/crypto", title: m.nav_crypto_search, text: m.landing_tool_crypto_search, icon: Bitcoin },
  {
    to: "/portfolio-summary",
    title: m.summary_page_title,
    text: m.landing_tool_portfolio_summary,
    icon: PieChart,
  },
  {
    to: "/transaction-history",
    title: m.nav_transaction_history,
    text: m.landing_tool_transaction_history,
    icon: History,
  },
  {
    to: "/import",
    title: m.landing_tool_import_title,
    text: m.landing_tool_import,
    // An icon the page already loads: the landing bundle stays as it is.
    icon: ClipboardList,
  },
  {
    to: "/account",
    title: m.landing_tool_account_title,
    text: m.landing_tool_account,
    icon: Settings,
  },
];

const adminTools: Tool[] = [
  { to: "/users", title: m.landing_tool_users_title, text: m.landing_tool_users, icon: Users },
  {
    to: "/audit-logs",
    title: m.nav_audit_logs,
    text: m.landing_tool_audit_logs,
    icon: ClipboardList,
  },
];

/** The tools the user can open, an admin's too. */
export function ToolCards({ isAdmin }: { isAdmin: boolean }) {
  const cards = isAdmin ? [...tools, ...adminTools] : tools;
  return (
    <section aria-labelledby="tools-heading">
      <h2 id="tools-heading" className="mb-4 text-xl font-semibold">
        {m.landing_your_tools()}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((tool) => (
          <li key={tool.to}>
            <Link
              to={tool.to}
              className="group block h-full rounded-xl border border-border bg-surface p-6 shadow-sm transition hover:border-primary"
            >
              <tool.icon aria-hidden="true" className="h-7 w-7 text-primary" />
              <h3 className="mt-3 font-semibold group-hover:text-primary">{tool.title()}</h3>
              <p className="mt-1 text-sm text-muted">{tool.text()}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface Tile {
  key: keyof OverviewCounts;
  label: () => string;
  to: LinkProps["to"];
  icon: LucideIcon;
}

/** The spec's Quick Overview tiles, each linking to its dashboard or to the portfolio summary. */
const tiles: Tile[] = [
  { key: "savedStocks", label: m.landing_saved_stocks, to: "/stock-dashboard", icon: Star },
  { key: "savedCrypto", label: m.landing_saved_crypto, to: "/crypto-dashboard", icon: Coins },
  { key: "stocksOwned", label: m.landing_stocks_owned, to: "/portfolio-summary", icon: Briefcase },
  { key: "cryptoOwned", label: m.landing_crypto_owned, to: "/portfolio-summary", icon: Bitcoin },
];

/** The Quick Overview: the counts tiles and the last sign-in (grey until they arrive). */
export function QuickOverview({
  count,
  lastLogin,
}: {
  count?: (key: keyof OverviewCounts) => ReactNode;
  lastLogin?: ReactNode;
}) {
  return (
    <section aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="mb-4 text-xl font-semibold">
        {m.landing_quick_overview()}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {tiles.map((tile) => (
          <Link
            key={tile.key}
            to={tile.to}
            className="group block rounded-xl border border-border bg-surface p-6 shadow-sm transition hover:border-primary"
          >
            <p className="flex items-center gap-2 text-sm text-muted">
              <tile.icon aria-hidden="true" className="h-4 w-4 text-primary" />
              {tile.label()}
            </p>
            <p className="num mt-1 text-2xl font-semibold group-hover:text-primary">
              {count?.(tile.key) ?? pending("h-7 w-8")}
            </p>
          </Link>
        ))}
        <Card>
          <p className="text-sm text-muted">{m.landing_last_login()}</p>
          <p className="num mt-1 text-lg font-semibold">{lastLogin ?? pending("h-7 w-40")}</p>
        </Card>
      </div>
    </section>
  );
}

/** Stands for the name in the greeting, to find where the name goes. */
const NAME = "\u0000";
/** Where app-shell.js puts the name into a greeting it reads from the layout. */
const NAME_SLOT = "{name}";

/**
 * The landing page while its figures load. The greeting names the user once the session is read;
 * the prerendered layout, built with no name (a grey block of a name's size), has it filled in
 * from the tab's session by public/app-shell.js before its first paint.
 */
export function LandingLoading() {
  const user = useSession()?.user;
  return (
    <div role="status" aria-busy="true" aria-label={m.landing_loading()} className="space-y-10">
      <section>
        <h1
          className="text-3xl font-bold tracking-tight"
          data-session-greeting
          // The greetings in the build's language, for app-shell.js to fill in the name.
          data-welcome-back={m.landing_welcome_back({ name: NAME_SLOT })}
          data-welcome={m.landing_welcome({ name: NAME_SLOT })}
        >
          {user?.name ? (
            (user.previousLoginDate ? m.landing_welcome_back : m.landing_welcome)({
              name: user.name,
            })
          ) : (
            <>
              {/* The greeting's words up to the name, and a grey block of a name's size. */}
              {m.landing_welcome_back({ name: NAME }).split(NAME)[0]}
              {pending("h-6 w-40")}
            </>
          )}
        </h1>
        <p className="mt-1 text-muted">{m.landing_what_today()}</p>
      </section>
      <GlanceFrame />
      <ToolCards isAdmin={user?.isAdmin ?? false} />
      <QuickOverview />
    </div>
  );
}
