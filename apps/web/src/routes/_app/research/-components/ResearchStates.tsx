import { m } from "@ledgerline/messages";
import { RouteErrorPanel, Skeleton } from "../../../../components/RouteStates";
import { ReturnToSearch } from "./ReturnToSearch";

// Shared by the route's loading and error states and its page, so they live apart from the route
// file: a piece both use would otherwise stay in the route's definition, which every page loads.

/**
 * In the build's prerendered layout (whose symbol is the placeholder `__SYMBOL__`), the company's
 * name is `__COMPANY__`: the API fills in both as it serves the page, the name when it knows it
 * without a call to the provider (apps/api plugins/web.ts), so a first load paints the page's
 * heading whole, rather than the page's render painting it later.
 */
const companyStandIn = (symbol: string) => (symbol === "__SYMBOL__" ? "__COMPANY__" : "");

/** The research page's layout while its company and snapshot load. */
export function ResearchSkeleton({ symbol }: { symbol: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={m.asset_loading_symbol({ symbol })}
      className="space-y-6"
    >
      <div className="space-y-3">
        <ReturnToSearch />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {/* Without a name, a grey block of a name's size. */}
          <span className="empty:inline-block empty:h-7 empty:w-48 empty:animate-pulse empty:rounded empty:bg-surface-muted empty:align-middle">
            {companyStandIn(symbol)}
          </span>{" "}
          <span className="text-muted">({symbol})</span>
        </h1>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="h-72" />
          <Skeleton className="h-96" />
        </div>
        <div className="space-y-6">
          <Skeleton className="h-40" />
          <Skeleton className="h-64" />
        </div>
      </div>
    </div>
  );
}

/** The company could not be loaded: the spec's message, Retry and the way back. */
export function ResearchError() {
  return (
    <RouteErrorPanel message={m.research_company_failed()}>
      <ReturnToSearch />
    </RouteErrorPanel>
  );
}
