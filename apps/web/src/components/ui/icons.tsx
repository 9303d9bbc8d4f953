import type { ReactNode } from "react";

/**
 * The icons the public pages draw before any interaction (the navbar's, the home page's, the
 * password field's), as lucide-react draws them (same markup and classes) but without its icon
 * machinery (~2 KB gzip), which stays with the signed-in pages' lucide icons.
 */
export function Svg({
  name,
  className,
  children,
}: {
  name: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`lucide lucide-${name} ${className ?? ""}`}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

/** Decorative: aria-hidden always. */
export type IconProps = { className?: string };

export const MenuIcon = ({ className }: IconProps) => (
  <Svg name="menu" className={className}>
    <path d="M4 5h16" />
    <path d="M4 12h16" />
    <path d="M4 19h16" />
  </Svg>
);

export const CloseIcon = ({ className }: IconProps) => (
  <Svg name="x" className={className}>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </Svg>
);

export const MoonIcon = ({ className }: IconProps) => (
  <Svg name="moon" className={className}>
    <path d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401" />
  </Svg>
);

export const SunIcon = ({ className }: IconProps) => (
  <Svg name="sun" className={className}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2" />
    <path d="M12 20v2" />
    <path d="m4.93 4.93 1.41 1.41" />
    <path d="m17.66 17.66 1.41 1.41" />
    <path d="M2 12h2" />
    <path d="M20 12h2" />
    <path d="m6.34 17.66-1.41 1.41" />
    <path d="m19.07 4.93-1.41 1.41" />
  </Svg>
);
