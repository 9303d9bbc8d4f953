import { Link } from "@tanstack/react-router";
import { useSession } from "../../lib/use-session";
import { PageSkeleton, Skeleton } from "../RouteStates";
import { buttonClass } from "../ui/Button";

// The loading layouts of the pages that are forms: each page's header as it will be, and its
// first form as a block, until the page's code (and, on the account page, its settings) arrive.

export const importTitle = "Import transactions";
export const importSubtitle =
  "Bring your history in from a broker's or exchange's CSV export. Nothing is written until you import.";

/** The import page's link to the transaction history, in its header. */
export function ToHistory() {
  return (
    <Link to="/transaction-history" className={buttonClass("secondary")}>
      Transaction History
    </Link>
  );
}

export function ImportLoading() {
  return (
    <PageSkeleton title={importTitle} subtitle={importSubtitle} actions={<ToHistory />}>
      <Skeleton className="h-[26rem] border border-border" />
    </PageSkeleton>
  );
}

/**
 * The account page's greeting (the prerendered layout knows no name: a grey block, which
 * public/app-shell.js replaces with the tab's user's name before the first paint).
 */
export function accountSubtitle(name: string | undefined) {
  return name ? (
    `Welcome, ${name}. Manage your sign-in details here.`
  ) : (
    <>
      Welcome,{" "}
      <span
        aria-hidden="true"
        data-session-name
        className="inline-block h-5 w-28 animate-pulse rounded bg-surface-muted align-middle"
      />
      . Manage your sign-in details here.
    </>
  );
}

export function AccountLoading() {
  const name = useSession()?.user.name;
  return (
    <PageSkeleton title="Account Settings" subtitle={accountSubtitle(name)}>
      <Skeleton className="h-[26rem] border border-border" />
      <Skeleton className="h-56 border border-border" />
    </PageSkeleton>
  );
}

export const corporateActionsSubtitle =
  "Read a stock's splits and dividends from the market data provider again, past the cache, and apply them to everyone who has traded it.";

export function CorporateActionsLoading() {
  return (
    <PageSkeleton title="Corporate Actions" subtitle={corporateActionsSubtitle}>
      <Skeleton className="h-32 border border-border" />
    </PageSkeleton>
  );
}
