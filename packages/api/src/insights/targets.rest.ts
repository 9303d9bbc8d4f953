import * as contracts from "@ledgerline/contracts";
import { restRoute } from "../platform/rest/route";

const KEYS =
  'Keys are the allocation\'s slices: by `assetClass` "equity", "etf", "crypto"; by `sector` a sector key (e.g. "information-technology") or "crypto"; by `symbol` "STOCK:AAPL" or "CRYPTO:BTC"; "cash" in each.';

export const targetsRoutes = [
  restRoute({
    method: "GET",
    url: "/portfolio/targets",
    operationId: "getPortfolioTargets",
    tag: "Portfolio",
    summary: "The signed-in user's target weights for one dimension (`by`), each with its label",
    description: `An empty \`targets\` list when none are set. ${KEYS}`,
    access: "user",
    query: contracts.targetsQuery,
    response: contracts.portfolioTargets,
    call: (caller, { query }) => caller.targets.get(query),
  }),
  restRoute({
    method: "PUT",
    url: "/portfolio/targets",
    operationId: "setPortfolioTargets",
    tag: "Portfolio",
    summary:
      "Set the signed-in user's target weights for one dimension (asset class, sector or symbol), replacing those set before",
    description: `Weights are ratios (0.25 = 25%) to six decimals that add up to exactly 1; otherwise a 400 that says by how many points they miss. An empty list clears the dimension's targets. At most 100 targets. ${KEYS}`,
    access: "user",
    body: contracts.portfolioTargetsInput,
    response: contracts.portfolioTargets,
    call: (caller, { body }) => caller.targets.set(body),
  }),
  restRoute({
    method: "GET",
    url: "/portfolio/rebalance",
    operationId: "getRebalance",
    tag: "Portfolio",
    summary:
      "How far the signed-in user's mix has drifted from its targets, and the buys and sells that bring it back",
    description: [
      "Holdings at current prices and positive cash, as `GET /api/portfolio/allocation` counts them. `drift` gives each slice's target, today's weight and the difference (today's less the target).",
      "",
      "- Without `cash`, slices over their target sell down to it and slices under it buy up, the buys paid from the sells and from cash above the cash target.",
      "- With `cash` (an amount to invest), buys only: each slice under its target gets a share of the cash in proportion to how far under it is.",
      "",
      "Quantities are cut down to whole shares of a stock unless `fractional=true` (a coin to eight decimals), so the plan never spends more than it has nor sells more than is held; `leftoverCash` is what is left uninvested. A target of a group nothing is held in is listed in `unmatched` with its amount. 400 when no targets are set for `by`; 404 for an `accountId` not the user's.",
    ].join("\n"),
    access: "user",
    refusals: { 404: "No investment account of the user has this id" },
    query: contracts.rebalanceInput,
    response: contracts.rebalance,
    call: (caller, { query }) => caller.targets.rebalance(query),
  }),
];
