import type { ReactNode } from "react";
import { Skeleton } from "./RouteStates";
import { Alert } from "./ui/Alert";

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
  skeleton: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
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
