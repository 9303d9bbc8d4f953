import { m } from "@ledgerline/messages";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLiveStatus } from "./live-quotes";
import { freshness } from "./freshness";

/**
 * A figure that flashes briefly when its value changes (a live tick or a poll), so the eye
 * finds what moved. The flash is a background fade, turned off under prefers-reduced-motion
 * (see `.live-flash` in styles.css).
 */
export function LiveFigure({ value, children }: { value: string; children: ReactNode }) {
  const previous = useRef(value);
  const [flashes, setFlashes] = useState(0);
  useEffect(() => {
    if (previous.current === value) return;
    previous.current = value;
    setFlashes((count) => count + 1);
  }, [value]);
  return (
    <span
      key={flashes}
      className={flashes > 0 ? "live-flash rounded" : undefined}
      data-value={value}
    >
      {children}
    </span>
  );
}

/**
 * How a screen's prices stay fresh, in words beside the badge. `idle` screens (a closed
 * market, nothing to price) get no ticks, so they say nothing rather than 'Delayed'.
 */
export function LiveNote({ polling, idle = false }: { polling: string; idle?: boolean }) {
  const live = useLiveStatus() === "live";
  // A line of its own, kept while idle: the words arriving with the data, or turning from
  // 'Delayed' to 'Live', never push the screen below them down.
  return (
    <span className="block min-h-6">
      {!idle && (
        <>
          {live ? freshness.live : polling} <LiveIndicator />
        </>
      )}
    </span>
  );
}

/** Says whether the prices on screen are pushed live or come from polling. */
export function LiveIndicator() {
  const status = useLiveStatus();
  const live = status === "live";
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border border-border px-2 py-0.5 text-xs font-medium ${live ? "text-gain" : "text-muted"}`}
      title={live ? freshness.live : freshness.delayedBadge}
    >
      <span
        aria-hidden="true"
        className={`h-2 w-2 rounded-full ${live ? "bg-gain" : "bg-border"}`}
      />
      {live ? m.asset_live() : m.asset_delayed()}
    </span>
  );
}
