import { m } from "@ledgerline/messages";
import { useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Alert } from "./ui/Alert";
import { Button } from "./ui/Button";
import { cx } from "./ui/cx";
import { PageHeader } from "./ui/PageHeader";

/**
 * What a route shows while its data loads and when it fails. A signed-in page's pending state is
 * its own layout (its header, and grey blocks where its panels will be), so nothing jumps when
 * the data arrives; its error state says what failed and offers Retry.
 */

/** A grey block standing in for content of the same size. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cx("animate-pulse rounded-xl bg-surface-muted", className)}
    />
  );
}

/** A page's header as it will be, with its panels as skeletons; announced as loading. */
export function PageSkeleton({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-busy="true" aria-label={m.ui_loading_named({ title })}>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <div className="space-y-6">{children}</div>
    </div>
  );
}

/**
 * The default pending state, for a page without a loading layout of its own (a route's
 * `pendingComponent`): a page-sized skeleton.
 */
export function RoutePending() {
  return (
    <div role="status" aria-busy="true" aria-label={m.ui_loading_page()} className="space-y-6">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-40" />
      <Skeleton className="h-64" />
    </div>
  );
}

/** Retry runs the route's loaders again (and so its queries); `reset` clears a query boundary. */
export function RetryButton({ onRetry }: { onRetry?: () => void }) {
  const router = useRouter();
  return (
    <Button
      onClick={() => {
        onRetry?.();
        void router.invalidate();
      }}
    >
      {m.ui_retry()}
    </Button>
  );
}

/** A failed page: the spec's message for it (or the error's own), and Retry. */
export function RouteErrorPanel({
  title,
  message,
  onRetry,
  children,
}: {
  title?: string;
  message: ReactNode;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <div>
      {title && <PageHeader title={title} />}
      <div className="max-w-xl space-y-4">
        <Alert tone="error">{message}</Alert>
        <div className="flex flex-wrap gap-2">
          <RetryButton onRetry={onRetry} />
          {children}
        </div>
      </div>
    </div>
  );
}

/**
 * A panel whose data failed, within a page that loaded: what failed, and Retry, which asks for
 * that data again (busy while it does).
 */
export function RetryPanel({
  message,
  onRetry,
  retrying = false,
  className,
}: {
  message: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div className={cx("space-y-3", className)}>
      <Alert tone="error">{message}</Alert>
      <Button variant="secondary" busy={retrying} onClick={onRetry}>
        {m.ui_retry()}
      </Button>
    </div>
  );
}

/** A RetryPanel for a failed query: Retry fetches it again and is busy while it does. */
export function QueryRetryPanel({
  query,
  ...panel
}: {
  query: { refetch: () => unknown; isFetching: boolean };
  message: ReactNode;
  className?: string;
}) {
  return <RetryPanel {...panel} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
}

export function RouteError({ error }: ErrorComponentProps) {
  return (
    <div className="mx-auto max-w-xl py-16">
      <RouteErrorPanel
        message={
          <>
            <p className="font-semibold">{m.ui_page_failed()}</p>
            <p className="mt-1">
              {error instanceof Error && error.message ? error.message : m.ui_something_wrong()}
            </p>
          </>
        }
      />
    </div>
  );
}
