import {
  companyDetails,
  companyDetailsInput,
  companySearchHit,
  companySearchInput,
  historicalBar,
  historicalDataInput,
  marketMovers,
  marketStatus,
  marketSummary,
  newsArticle,
  relatedCompany,
  stockSnapshot,
  stockSnapshotResult,
  symbolInput,
  symbolsInput,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { marketMovers as readMarketMovers, snapshots } from "./market";
import { marketProcedure } from "../platform/trpc/trpc";

/** Stock market reads for signed-in users, all served by the server's market service. */
export const marketRouter = {
  snapshot: marketProcedure
    .input(symbolInput)
    .output(stockSnapshot)
    .query(({ ctx, input }) => ctx.deps.market.stocks.getSnapshot(input.symbol)),

  snapshots: marketProcedure
    .input(symbolsInput)
    .output(z.array(stockSnapshotResult))
    .query(({ ctx, input }) => snapshots(ctx.deps, input.symbols)),

  search: marketProcedure
    .input(companySearchInput)
    .output(z.array(companySearchHit))
    .query(({ ctx, input }) => ctx.deps.market.stocks.searchCompanies(input.query)),

  details: marketProcedure
    .input(companyDetailsInput)
    .output(companyDetails)
    .query(({ ctx, input }) =>
      ctx.deps.market.stocks.getCompanyDetails(
        input.symbol,
        input.date ? { date: input.date } : {},
      ),
    ),

  related: marketProcedure
    .input(symbolInput)
    .output(z.array(relatedCompany))
    // A provider may list the company among its own peers; it is never related to itself.
    .query(async ({ ctx, input }) =>
      (await ctx.deps.market.stocks.getRelatedCompanies(input.symbol)).filter(
        (company) => company.ticker !== input.symbol,
      ),
    ),

  news: marketProcedure
    .input(symbolInput)
    .output(z.array(newsArticle))
    .query(({ ctx, input }) => ctx.deps.market.stocks.getNews(input.symbol)),

  history: marketProcedure
    .input(historicalDataInput)
    .output(z.array(historicalBar))
    .query(({ ctx, input }) => ctx.deps.market.stocks.getHistoricalBars(input.symbol, input.range)),

  movers: marketProcedure.output(marketMovers).query(({ ctx }) => readMarketMovers(ctx.deps)),

  summary: marketProcedure
    .output(marketSummary)
    .query(({ ctx }) => ctx.deps.market.stocks.getMarketSummary()),

  status: marketProcedure
    .output(marketStatus)
    .query(({ ctx }) => ctx.deps.market.stocks.getMarketStatus()),
} satisfies TRPCRouterRecord;
