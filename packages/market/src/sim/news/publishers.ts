import { publisherFaviconSvgs } from "../data/favicons.gen";

/**
 * The simulated market's news publishers. They are fictional on purpose: simulated articles must
 * never be attributed to real newsrooms. Their favicons ship with the package (data/favicons)
 * and are served by the API from its own origin.
 */
export interface SimPublisher {
  slug: string;
  name: string;
}

export const simPublishers: readonly SimPublisher[] = [
  { slug: "ledgerline-wire", name: "Ledgerline Wire" },
  { slug: "market-pulse-daily", name: "Market Pulse Daily" },
  { slug: "street-ledger", name: "Street Ledger" },
  { slug: "sector-watch", name: "Sector Watch" },
  { slug: "capital-brief", name: "Capital Brief" },
  { slug: "quarterly-observer", name: "Quarterly Observer" },
  { slug: "ticker-tape-review", name: "Ticker Tape Review" },
];

export const DEFAULT_FAVICON_BASE_PATH = "/api/market/favicons";

/** The SVG of a publisher's favicon by slug, e.g. for GET /api/market/favicons/{slug}.svg. */
export function getPublisherFavicon(slug: string): string | undefined {
  return Object.hasOwn(publisherFaviconSvgs, slug) ? publisherFaviconSvgs[slug] : undefined;
}

export function listPublisherFavicons(): string[] {
  return Object.keys(publisherFaviconSvgs);
}
