import {
  accountFilter,
  corporateActionsAnswer,
  corporateActionsInput,
  incomeAnswer,
  incomeCreateInput,
  incomeEntry,
} from "@ledgerline/contracts";
import { z } from "zod";
import { marketRefusals, restRoute } from "../platform/rest/route";

const incomeId = z.object({ id: z.string().describe("The income entry's numeric id") });

export const corporateActionRoutes = [
  restRoute({
    method: "GET",
    url: "/corporate-actions",
    operationId: "listCorporateActions",
    tag: "Market data",
    summary: "A stock's splits and cash dividends, newest first",
    description:
      "Each action is `{ symbol, type: 'split' | 'dividend', exDate, payDate?, splitFrom?, splitTo?, cashAmount? }` with ratios and amounts as exact decimal strings; a split turns `splitFrom` shares into `splitTo` (1:3 forward, 35:1 reverse). Dividends declared but not yet paid are listed too.",
    access: "user",
    refusals: { ...marketRefusals, 404: "The market does not know the symbol" },
    query: corporateActionsInput,
    response: corporateActionsAnswer,
    call: (caller, { query }) => caller.corporateActions.list(query),
  }),
  restRoute({
    method: "GET",
    url: "/income",
    operationId: "listIncome",
    tag: "Portfolio",
    summary: "The signed-in user's dividend income, newest first, with totals per year",
    description:
      "An entry is written for each dividend paid on shares held at its ex-date (quantity held × amount per share); entries edited or added by hand have `manual: true` and are never overwritten. Amounts are exact decimal strings.",
    access: "user",
    query: accountFilter,
    response: incomeAnswer,
    call: (caller, { query }) => caller.income.list(query),
  }),
  restRoute({
    method: "POST",
    url: "/income",
    operationId: "createIncome",
    tag: "Portfolio",
    summary: "Add a dividend received by hand",
    access: "user",
    refusals: { 409: "There is already an entry for this symbol and ex-date" },
    body: incomeCreateInput,
    response: incomeEntry,
    call: (caller, { body }) => caller.income.create(body),
  }),
  restRoute({
    method: "PUT",
    url: "/income/:id",
    operationId: "updateIncome",
    tag: "Portfolio",
    summary: "Correct an income entry (for instance to the broker's figure after withholding tax)",
    access: "user",
    refusals: {
      404: "No such entry of the signed-in user",
      409: "Another entry has this symbol and ex-date",
    },
    params: incomeId,
    body: incomeCreateInput,
    response: incomeEntry,
    call: (caller, { params, body }) => caller.income.update({ ...body, id: Number(params.id) }),
  }),
  restRoute({
    method: "DELETE",
    url: "/income/:id",
    operationId: "deleteIncome",
    tag: "Portfolio",
    summary: "Delete an income entry; it is not written again by a later sync",
    access: "user",
    refusals: { 404: "No such entry of the signed-in user" },
    params: incomeId,
    response: z.object({ ok: z.literal(true) }),
    call: (caller, { params }) => caller.income.delete({ id: Number(params.id) }),
  }),
];
