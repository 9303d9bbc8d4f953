import { createFileRoute, Link, type LinkProps } from "@tanstack/react-router";
import {
  Bitcoin,
  ClipboardList,
  Coins,
  History,
  LayoutDashboard,
  PieChart,
  Search,
  Settings,
  Users,
  type LucideIcon,
} from "lucide-react";
import { OverviewTiles } from "../../components/portfolio/OverviewTiles";
import { PortfolioGlance } from "../../components/portfolio/PortfolioGlance";
import { Card } from "../../components/ui/Card";
import { formatDateTime } from "../../lib/format";
import { useSession } from "../../lib/use-session";
import { titled } from "../../lib/head";

export const Route = createFileRoute("/_app/landing")({
  head: titled("Home"),
  component: LandingPage,
});

interface Tool {
  to: LinkProps["to"];
  title: string;
  text: string;
  icon: LucideIcon;
}

const tools: Tool[] = [
  {
    to: "/stock-dashboard",
    title: "Stock Dashboard",
    text: "Your watched stocks with today's prices, changes and your holdings.",
    icon: LayoutDashboard,
  },
  {
    to: "/search-area",
    title: "Stock Search",
    text: "Find stocks by symbol or company, track them and see the market movers.",
    icon: Search,
  },
  {
    to: "/crypto-dashboard",
    title: "Crypto Dashboard",
    text: "Your watched coins with 24-hour figures and what you own.",
    icon: Coins,
  },
  {
    to: "/crypto",
    title: "Crypto Search",
    text: "Look up a coin, watch its price live and buy or sell it.",
    icon: Bitcoin,
  },
  {
    to: "/portfolio-summary",
    title: "Portfolio Summary",
    text: "What your stocks and crypto are worth now, what they cost and your gain or loss.",
    icon: PieChart,
  },
  {
    to: "/transaction-history",
    title: "Transaction History",
    text: "Every buy and sell, filtered and sorted as you like, and exported as CSV.",
    icon: History,
  },
  {
    to: "/import",
    title: "Import Transactions",
    text: "Bring in your history from a Schwab, Coinbase or other CSV export, with a preview.",
    // An icon the page already loads: the landing bundle stays as it is.
    icon: ClipboardList,
  },
  {
    to: "/account",
    title: "Account Settings",
    text: "Change your password or email, or delete your account.",
    icon: Settings,
  },
];

const adminTools: Tool[] = [
  {
    to: "/users",
    title: "User Management",
    text: "See registered users, reset passwords and remove accounts.",
    icon: Users,
  },
  {
    to: "/audit-logs",
    title: "Audit Logs",
    text: "Filter and review sign-ins and account changes.",
    icon: ClipboardList,
  },
];

function LandingPage() {
  const session = useSession();
  if (!session) return null;
  const { user } = session;
  const cards = user.isAdmin ? [...tools, ...adminTools] : tools;
  return (
    <div className="space-y-10">
      <section>
        <h1 className="text-3xl font-bold tracking-tight">
          {/* A first sign-in has no earlier one to come back from. */}
          {user.previousLoginDate ? "Welcome back" : "Welcome"}, {user.name}!
        </h1>
        <p className="mt-1 text-muted">What would you like to do today?</p>
      </section>

      <PortfolioGlance />

      <section aria-labelledby="tools-heading">
        <h2 id="tools-heading" className="mb-4 text-xl font-semibold">
          Your tools
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((tool) => (
            <li key={tool.title}>
              <Link
                to={tool.to}
                className="group block h-full rounded-xl border border-border bg-surface p-6 shadow-sm transition hover:border-primary"
              >
                <tool.icon aria-hidden="true" className="h-7 w-7 text-primary" />
                <h3 className="mt-3 font-semibold group-hover:text-primary">{tool.title}</h3>
                <p className="mt-1 text-sm text-muted">{tool.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="overview-heading">
        <h2 id="overview-heading" className="mb-4 text-xl font-semibold">
          Quick Overview
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <OverviewTiles />
          <Card>
            <p className="text-sm text-muted">Last Login</p>
            <p className="num mt-1 text-lg font-semibold">
              {formatDateTime(user.previousLoginDate)}
            </p>
          </Card>
        </div>
      </section>
    </div>
  );
}
