import { Skeleton } from "./RouteStates";
import { Spinner } from "./ui/Spinner";
import { cx } from "./ui/cx";

const shapes = {
  /** A watchlist's cards, in the grid the cards will take. */
  cards: { grid: "md:grid-cols-2 xl:grid-cols-3", blocks: ["h-72", "h-72", "h-72"] },
  /** Two tables side by side (the market movers). */
  tables: { grid: "lg:grid-cols-2", blocks: ["h-96", "h-96"] },
  /** One card (a looked-up coin). */
  card: { grid: "", blocks: ["h-56"] },
} as const;
type Shape = keyof typeof shapes;

/**
 * A panel while its data loads: its label (the spec's 'Loading Stocks', 'Loading Market Movers')
 * with a small spinner, over grey blocks the size of what is coming, so nothing jumps when it
 * arrives.
 */
export function LoadingPanel({ label, shape }: { label: string; shape: Shape }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      <p className="mb-3 flex items-center gap-2 text-sm font-medium text-muted">
        <span className="text-primary">
          <Spinner size="sm" label="" />
        </span>
        {label}
      </p>
      <SkeletonBlocks shape={shape} />
    </div>
  );
}

/** Grey blocks in the shape of a panel's content, bordered as the cards they stand for. */
export function SkeletonBlocks({ shape }: { shape: Shape }) {
  const { grid, blocks } = shapes[shape];
  return (
    <div className={cx("grid gap-4", grid)}>
      {blocks.map((height, index) => (
        <Skeleton key={index} className={cx(height, "border border-border")} />
      ))}
    </div>
  );
}
