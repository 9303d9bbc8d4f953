import { compare } from "@ledgerline/money";

export type SavedPriceTrend = "above" | "below" | "same";

/** The refreshed price against the price the coin was saved at, compared exactly. */
export function priceVersusSaved(price: string, savedPrice: string): SavedPriceTrend {
  const order = compare(price, savedPrice);
  return order > 0 ? "above" : order < 0 ? "below" : "same";
}
