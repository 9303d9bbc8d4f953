/** The document title of a page: its own name first, so tabs and history tell pages apart. */
export function pageTitle(name: string): string {
  return `${name} · Ledgerline`;
}

/** A route's `head` option for a page with a fixed name. */
export function titled(name: string) {
  return () => ({ meta: [{ title: pageTitle(name) }] });
}
