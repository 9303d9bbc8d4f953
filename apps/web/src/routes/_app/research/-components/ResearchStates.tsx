import { portfolioMessages } from "@ledgerline/contracts/browser";
import { RouteErrorPanel, Skeleton } from "../../../../components/RouteStates";
import { ReturnToSearch } from "./ReturnToSearch";

// Shared by the route's loading and error states and its page, so they live apart from the route
// file: a piece both use would otherwise stay in the route's definition, which every page loads.

/** The research page's layout while its company and snapshot load. */
export function ResearchSkeleton({ symbol }: { symbol: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={`Loading ${symbol}`} className="space-y-6">
      <div className="space-y-3">
        <ReturnToSearch />
        <Skeleton className="h-9 w-72 max-w-full" />
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
    <RouteErrorPanel message={portfolioMessages.failedToLoadCompanyInformation}>
      <ReturnToSearch />
    </RouteErrorPanel>
  );
}
