import { allocation, allocationInput } from "@ledgerline/contracts";
import { restRoute } from "../platform/rest/route";

export const allocationRoutes = [
  restRoute({
    method: "GET",
    url: "/portfolio/allocation",
    operationId: "getPortfolioAllocation",
    tag: "Portfolio",
    summary:
      "What the signed-in user's portfolio is made of, by `sector`, `industry`, `country`, `assetClass`, `account` or `symbol`: each slice's market value and weight",
    description: [
      "Holdings are valued at current prices (the summary's; a last known price where the market has none), and each account's cash counts when positive (a negative balance is a debt, not part of the mix). With `accountId`, that investment account's alone.",
      "",
      "`value` and `total` are exact decimal strings; `weight` is the slice's share of `total` to six decimals, and the weights add to exactly 1: each is cut down to six decimals, and the millionths the cuts lost go one each to the slices that lost the most (equal losses: the larger slice first). Slices are listed largest first.",
      "",
      "Keys: a sector's key from the fixed list (`information-technology`, ... `diversified` for funds, `unclassified`); an industry's name in lower case (a coin's `crypto:<category>`); an ISO country code (`ZZ` unknown); `equity`, `etf`; an account's id; `STOCK:AAPL`, `CRYPTO:BTC`. Coins are one `crypto` slice by sector, country and asset class; cash one `cash` slice in every dimension but the account. A symbol's classification is the market's with the user's overrides (`PUT /api/classifications/{assetType}/{symbol}`).",
      "",
      "400 for a `by` not in the list; 404 for an `accountId` not the user's.",
    ].join("\n"),
    access: "user",
    refusals: { 404: "No investment account of the user has this id" },
    query: allocationInput,
    response: allocation,
    call: (caller, { query }) => caller.insights.allocation(query),
  }),
];
