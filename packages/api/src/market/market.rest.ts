import {
  marketMover,
  marketMovers,
  marketSummary,
  postedMoversInput,
  secretNames,
  secretValue,
  type MarketMover,
  type MarketMovers,
  type MarketSummary,
} from "@ledgerline/contracts";
import { z } from "zod";
import { numericSchema, withNumbers } from "../platform/rest/numbers";
import { marketRefusals, restRoute } from "../platform/rest/route";

const restMover = numericSchema(marketMover, ["price"]);
const restMovers = marketMovers.extend({ gainers: z.array(restMover), losers: z.array(restMover) });
const restSummary = marketSummary.extend({
  topGainers: z.array(restMover),
  topLosers: z.array(restMover),
  mostActive: z.array(restMover),
});

const moverWithNumbers = (mover: MarketMover) => withNumbers(mover, ["price"]);
const moversWithNumbers = (movers: MarketMovers) => ({
  ...movers,
  gainers: movers.gainers.map(moverWithNumbers),
  losers: movers.losers.map(moverWithNumbers),
});
const summaryWithNumbers = (summary: MarketSummary) => ({
  ...summary,
  topGainers: summary.topGainers.map(moverWithNumbers),
  topLosers: summary.topLosers.map(moverWithNumbers),
  mostActive: summary.mostActive.map(moverWithNumbers),
});

export const marketRoutes = [
  restRoute({
    method: "GET",
    url: "/marketmovers",
    operationId: "getMarketMovers",
    tag: "Market data",
    summary: "Top 10 gainers and losers, the market status and when they were computed",
    description:
      "While the market is open, today's movers. **When the market is closed** (nights, weekends, NYSE holidays), `marketStatus` is the spec's message 'Market is currently closed. Showing previous trading day data.' and the movers are the previous trading day's real movers with that day's real change and volume. This departs on purpose from the spec, whose original answered zero change and zero volume for every mover then, which reads as a broken page (see the design's deliberate departures).",
    access: "user",
    refusals: marketRefusals,
    response: restMovers,
    call: async (caller) => moversWithNumbers(await caller.market.movers()),
  }),
  restRoute({
    method: "POST",
    url: "/marketmovers",
    operationId: "storeMarketMovers",
    tag: "Market data",
    summary: "Store movers to answer when the provider has none (admins only)",
    access: "admin",
    body: postedMoversInput,
    response: restMovers,
    call: async (caller, { body }) => moversWithNumbers(await caller.adminMarket.storeMovers(body)),
  }),
  restRoute({
    method: "GET",
    url: "/stockdata/summary",
    operationId: "getMarketSummary",
    tag: "Market data",
    summary:
      "A market summary: total volume, average change, advancers and decliners, top movers, most active",
    access: "user",
    refusals: marketRefusals,
    response: restSummary,
    call: async (caller) => summaryWithNumbers(await caller.market.summary()),
  }),
  ...secretNames.map((name) =>
    restRoute({
      method: "GET",
      url: `/secrets/${name}`,
      operationId: `get${name.replace(/(^|-)(\w)/g, (_match, _dash, letter: string) => letter.toUpperCase())}`,
      tag: "Compatibility",
      summary: `The ${name.replaceAll("-", " ")} (403 unless SECRETS_ENDPOINTS_ENABLED, then admins only)`,
      access: "admin",
      refusals: { 404: "The secret is not configured on this server" },
      response: secretValue,
      call: (caller) => caller.adminMarket.secret({ name }),
    }),
  ),
];
