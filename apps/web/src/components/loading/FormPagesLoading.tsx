import { m } from "@ledgerline/messages";
import { Link } from "@tanstack/react-router";
import { useSession } from "../../lib/use-session";
import { PageSkeleton, Skeleton } from "../RouteStates";
import { buttonClass } from "../ui/Button";

// The loading layouts of the pages that are forms: each page's header as it will be, and its
// first form as a block, until the page's code (and, on the account page, its settings) arrive.

export const importTitle = m.import_title();
export const importSubtitle = m.import_subtitle();

/** The import page's link to the transaction history, in its header. */
export function ToHistory() {
  return (
    <Link to="/transaction-history" className={buttonClass("secondary")}>
      {m.nav_transaction_history()}
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
    m.settings_welcome_name({ name })
  ) : (
    <>
      {m.settings_welcome()}{" "}
      <span
        aria-hidden="true"
        data-session-name
        className="inline-block h-5 w-28 animate-pulse rounded bg-surface-muted align-middle"
      />
      . {m.settings_welcome_manage()}
    </>
  );
}

export function AccountLoading() {
  const name = useSession()?.user.name;
  return (
    <PageSkeleton title={m.settings_page_title()} subtitle={accountSubtitle(name)}>
      <Skeleton className="h-[26rem] border border-border" />
      <Skeleton className="h-56 border border-border" />
    </PageSkeleton>
  );
}

export const corporateActionsSubtitle = m.admin_corporate_actions_subtitle();

export function CorporateActionsLoading() {
  return (
    <PageSkeleton title={m.nav_corporate_actions()} subtitle={corporateActionsSubtitle}>
      <Skeleton className="h-32 border border-border" />
    </PageSkeleton>
  );
}
