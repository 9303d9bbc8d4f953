import { m } from "@ledgerline/messages";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "../ui/Badge";
import { displayRatesQuery } from "./useDisplayMoney";

/**
 * 'Prices in USD' on a research page when the person shows amounts in another currency: a
 * stock's or coin's quote, chart and ranges stay in dollars as the market quotes them (decision
 * 0060), beside their own position in the display currency. Nothing in USD mode.
 */
export function PricesInUsd() {
  // The rates read the page's other figures share: their answer names the display currency.
  const currency = useQuery(displayRatesQuery()).data?.currency;
  return currency && currency !== "USD" ? (
    <Badge tone="info">{m.money_prices_in_usd()}</Badge>
  ) : null;
}
