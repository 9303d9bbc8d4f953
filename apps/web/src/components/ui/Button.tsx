import type { ButtonHTMLAttributes } from "react";
import { cx } from "./cx";
import { useIsClient } from "../../lib/use-is-client";
import { Spinner } from "./Spinner";

const variants = {
  primary: "bg-primary text-primary-contrast hover:bg-primary-hover",
  secondary: "border border-border bg-surface text-text hover:bg-surface-muted",
  // Dark text on the dark theme's lighter red, which white would not contrast with.
  danger: "bg-loss text-white hover:opacity-90 dark:text-bg",
  ghost: "text-text hover:bg-surface-muted",
} as const;

const sizes = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  busy?: boolean;
}

export function buttonClass(
  variant: keyof typeof variants = "primary",
  size: keyof typeof sizes = "md",
) {
  return cx(
    "inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60",
    variants[variant],
    sizes[size],
  );
}

export function Button({
  variant,
  size,
  busy,
  disabled,
  className,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  const isClient = useIsClient();
  return (
    <button
      type={type}
      disabled={disabled || busy || (type === "submit" && !isClient)}
      aria-busy={busy || undefined}
      className={cx(buttonClass(variant, size), className)}
      {...rest}
    >
      {busy && <Spinner size="sm" label="" />}
      {children}
    </button>
  );
}
