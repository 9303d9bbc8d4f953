import type { ReactNode } from "react";
import { Skeleton } from "./RouteStates";
import { Alert } from "./ui/Alert";

type BodyParts<T> = {
  skeleton: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * A card's body from one read: `children` with the data once there is some (and `isEmpty` does
 * not call it empty: then the `empty` line), the `failure` alert when the read failed with
 * nothing to show, and a skeleton of the `skeleton` class meanwhile. A card that shows its last
 * answer through a failed refresh passes its data; one that shows the failure passes none.
 */
export function CardBody<T>({
  data,
  failed,
  failure,
  skeleton,
  isEmpty,
  empty,
  children,
}: {
  data: T | undefined;
  failed: boolean;
  failure: ReactNode;
} & BodyParts<T>) {
  if (data !== undefined) {
    if (isEmpty?.(data)) return <p className="mt-4 text-sm text-muted">{empty}</p>;
    return children(data);
  }
  if (failed) {
    return (
      <Alert tone="error" className="mt-4">
        {failure}
      </Alert>
    );
  }
  return <Skeleton className={skeleton} />;
}

/**
 * The body of a card that shows a failed refresh rather than its last answer: `failure` says what
 * could not be loaded, followed by the error's own message.
 */
export function QueryCardBody<T>({
  query,
  failure,
  ...parts
}: {
  query: { data: T | undefined; isError: boolean; error: { message: string } | null };
  failure: string;
} & BodyParts<T>) {
  return (
    <CardBody
      data={query.isError ? undefined : query.data}
      failed={query.isError}
      failure={
        <>
          {failure} {query.error?.message}
        </>
      }
      {...parts}
    />
  );
}
