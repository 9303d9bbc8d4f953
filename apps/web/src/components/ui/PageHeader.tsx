import type { ReactNode } from "react";

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
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
