import type { ReactNode } from "react";

export function PageHeader({
  title,
  subtitle,
  actions,
  badge,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** A note on the whole page, read with its title ('Prices in USD'). */
  badge?: ReactNode;
}) {
  const heading = <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>;
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        {badge ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {heading}
            {badge}
          </div>
        ) : (
          heading
        )}
        {subtitle && <p className="mt-1 text-muted">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** The header of a page of market quotes, shared by the page and its loading layout. */
export interface QuotePageHeading {
  /** How fresh the quotes are, after the subtitle. */
  note: ReactNode;
  /** Beside the title on the page itself (the loading layout has no query cache to ask). */
  badge?: ReactNode;
}
