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
import { parseDecimal } from "@ledgerline/money";
import { z } from "zod";
import { numericSchema, withNumbers } from "../numbers";
import { defineRoutes, type Caller } from "../route";

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

/** Posted prices may be JSON numbers; the procedure takes exact decimal text. */
function pricesAsText(body: unknown): unknown {
  if (typeof body !== "object" || body === null) return body;
  const movers = body as { gainers?: unknown; losers?: unknown };
  const convert = (list: unknown) =>
    Array.isArray(list)
      ? list.map((mover: unknown) =>
          typeof mover === "object" && mover !== null && "price" in mover
            ? { ...mover, price: parseDecimal(mover.price) ?? mover.price }
            : mover,
        )
      : list;
  return { ...movers, gainers: convert(movers.gainers), losers: convert(movers.losers) };
}

export const marketRoutes = defineRoutes([
  {
    method: "GET",
    url: "/marketmovers",
    tag: "Market data",
    summary: "Top 10 gainers and losers, the market status and when they were computed",
    access: "user",
    response: restMovers,
    call: async (caller) => moversWithNumbers(await caller.market.movers()),
  },
  {
    method: "POST",
    url: "/marketmovers",
    tag: "Market data",
    summary: "Store movers to answer when the provider has none (admins only)",
    access: "admin",
    body: postedMoversInput,
    response: restMovers,
    call: async (caller, { body }) =>
      moversWithNumbers(
        await caller.adminMarket.storeMovers(
          pricesAsText(body) as z.input<typeof postedMoversInput>,
        ),
      ),
  },
  {
    method: "GET",
    url: "/stockdata/summary",
    tag: "Market data",
    summary:
      "A market summary: total volume, average change, advancers and decliners, top movers, most active",
    access: "user",
    response: restSummary,
    call: async (caller) => summaryWithNumbers(await caller.market.summary()),
  },
  ...secretNames.map((name) => ({
    method: "GET" as const,
    url: `/secrets/${name}`,
    tag: "Compatibility",
    summary: `The ${name.replaceAll("-", " ")} (403 unless SECRETS_ENDPOINTS_ENABLED, then admins only)`,
    access: "admin" as const,
    response: secretValue,
    call: (caller: Caller) => caller.adminMarket.secret({ name }),
  })),
]);
