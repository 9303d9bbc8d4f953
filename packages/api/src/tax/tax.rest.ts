import {
  form8949Query,
  harvestQuery,
  harvestReport,
  lotsPage,
  lotsQuery,
  methodPreview,
  methodPreviewQuery,
  realizedQuery,
  realizedReport,
} from "@ledgerline/contracts";
import { z } from "zod";
import { restRoute } from "../platform/rest/route";

const tag = "Taxes";

/** `/api/lots` and `/api/tax/*`: tax lots, realized gains, Form 8949, harvesting (issue 32). */
export const taxRoutes = [
  restRoute({
    method: "GET",
    url: "/lots",
    operationId: "listLots",
    tag,
    summary:
      "A page of the signed-in user's tax lots (open ones unless open=false), with their unrealized gain at today's price",
    description:
      "A lot is a buy (id = the buy's transaction id; `<id>-<n>` for shares that replaced a wash sale's and carry its disallowed loss). Amounts are exact decimal strings; `term` is short up to one year of holding, long after. Lots come `limit` at a time (100 unless given, at most 500) by account then acquisition; pass `nextCursor` back as `cursor` for the next page.",
    access: "user",
    query: lotsQuery,
    response: lotsPage,
    call: (caller, { query }) => caller.tax.lots(query),
  }),
  restRoute({
    method: "GET",
    url: "/tax/realized",
    operationId: "getRealizedGains",
    tag,
    summary:
      "Realized gains of a tax year, lot by lot, with short-term, long-term and total proceeds, cost basis, wash-sale disallowed losses and gain",
    description:
      "Exact decimal strings. Gain = proceeds - costBasis + washSaleDisallowed, as Form 8949 adds it up. Sales in IRA, Roth IRA and 401(k) accounts are left out (listed in `excludedAccounts`). Crypto is not subject to the wash-sale rule.",
    access: "user",
    query: realizedQuery,
    response: realizedReport,
    call: (caller, { query }) => caller.tax.realized(query),
  }),
  restRoute({
    method: "GET",
    url: "/tax/form-8949.csv",
    operationId: "downloadForm8949",
    tag,
    summary:
      "A tax year's sales as a CSV laid out as Form 8949: Part I (short-term) then Part II (long-term), columns (a)-(h), each part's totals",
    access: "user",
    query: form8949Query,
    response: z.string(),
    call: async (caller, { query }) => {
      const file = await caller.tax.form8949(query);
      return new Response(file.csv, {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${file.filename}"`,
          "cache-control": "no-store",
        },
      });
    },
  }),
  restRoute({
    method: "GET",
    url: "/tax/harvest",
    operationId: "getTaxLossHarvest",
    tag,
    summary:
      "A page of the open lots in taxable accounts at an unrealized loss, largest first, each with its term and a warning when a buy in the last 30 days would make selling it a wash sale",
    description:
      "`count` and `totalLoss` cover every lot at a loss; `lots` is one page of them (`limit`, 100 unless given, at most 500). Pass `nextCursor` back as `cursor` for the next page.",
    access: "user",
    query: harvestQuery,
    response: harvestReport,
    call: (caller, { query }) => caller.tax.harvest(query),
  }),
  restRoute({
    method: "GET",
    url: "/tax/method-preview",
    operationId: "previewCostBasisMethod",
    tag,
    summary:
      "What switching an investment account's cost-basis method would do: its realized gain by year under its method now and under `method`, saving nothing",
    description:
      "Exact decimal strings; `change` = after - before. Gains as the returns count them: proceeds less the cost paid for the lots sold (wash-sale adjustments are the tax report's). Sales that named their lots keep them; under `specific`, a sale that named none takes first in, first out.",
    access: "user",
    query: methodPreviewQuery,
    response: methodPreview,
    call: (caller, { query }) => caller.tax.methodPreview(query),
  }),
];
