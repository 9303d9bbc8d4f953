import type { ReactNode } from "react";
import { cx } from "./cx";

const tones = {
  error: "border-loss/40 bg-loss-bg text-loss",
  success: "border-gain/40 bg-gain-bg text-gain",
  info: "border-info/40 bg-info-bg text-info",
  warning: "border-warn/40 bg-warn-bg text-warn",
} as const;

/** A banner; errors are announced at once, the rest politely. */
export function Alert({
  tone,
  children,
  className,
}: {
  tone: keyof typeof tones;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cx("rounded-md border px-4 py-3 text-sm", tones[tone], className)}
    >
      {children}
    </div>
  );
}
