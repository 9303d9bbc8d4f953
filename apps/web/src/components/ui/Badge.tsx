import type { ReactNode } from "react";
import { cx } from "./cx";

const tones = {
  neutral: "bg-surface-muted text-muted",
  gain: "bg-gain-bg text-gain",
  loss: "bg-loss-bg text-loss",
  info: "bg-info-bg text-info",
  warn: "bg-warn-bg text-warn",
} as const;

export function Badge({
  tone = "neutral",
  children,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
}) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold",
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}
