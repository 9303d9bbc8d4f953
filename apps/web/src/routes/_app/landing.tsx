import { m } from "@ledgerline/messages";
import { createFileRoute } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { HistoryUpdating } from "../../components/portfolio/HistoryUpdating";
import { PortfolioGlance } from "../../components/portfolio/PortfolioGlance";
import { portfolioSummaryQuery } from "../../components/portfolio/portfolio-reads";
import { LandingLoading, QuickOverview, ToolCards } from "../../components/loading/LandingLoading";
import { formatDateTime } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useSession } from "../../lib/use-session";
import { titled } from "../../lib/head";

/** How many stocks and coins the user watches and holds (the Quick Overview tiles). */
const overviewCountsQuery = () => trpc.overview.counts.queryOptions();

export const Route = createFileRoute("/_app/landing")({
  head: titled(m.nav_home()),
  // The portfolio's value and the overview counts, read with the page's code. A failed read shows
  // as N/A in its place, not as the route's error.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(portfolioSummaryQuery()),
      queryClient.prefetchQuery(overviewCountsQuery()),
    ]),
  pendingComponent: LandingLoading,
  component: LandingPage,
});

function LandingPage() {
  const session = useSession();
  const counts = useQuery(overviewCountsQuery());
  if (!session) return null;
  const { user } = session;
  return (
    <div className="space-y-10">
      <section>
        <h1 className="text-3xl font-bold tracking-tight">
          {/* A first sign-in has no earlier one to come back from. */}
          {(user.previousLoginDate ? m.landing_welcome_back : m.landing_welcome)({
            name: user.name,
          })}
        </h1>
        <p className="mt-1 text-muted">{m.landing_what_today()}</p>
      </section>

      <HistoryUpdating />
      <PortfolioGlance />
      <ToolCards isAdmin={user.isAdmin} />
      <QuickOverview
        count={(key) =>
          counts.data ? counts.data[key] : counts.isError ? m.portfolio_not_available() : undefined
        }
        lastLogin={formatDateTime(user.previousLoginDate)}
      />
    </div>
  );
}
