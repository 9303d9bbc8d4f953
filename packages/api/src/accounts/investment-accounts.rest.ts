import {
  createInvestmentAccountInput,
  deletedInvestmentAccount,
  deleteInvestmentAccountOptions,
  investmentAccount,
  investmentAccountChanges,
  investmentAccountMessages as messages,
  reconcileStatement,
  reconciliation,
} from "@ledgerline/contracts";
import { z } from "zod";
import { restRoute } from "../platform/rest/route";

const tag = "Accounts";
const accountIdParams = z.object({ id: z.string().describe("The account's numeric id") });
const notTheUsers = "No account with that id belongs to the signed-in user";

/** `/api/accounts`: the signed-in user's investment accounts (not the sign-in account, `/api/users`). */
export const investmentAccountRoutes = [
  restRoute({
    method: "GET",
    url: "/accounts",
    operationId: "listAccounts",
    tag,
    summary:
      "The signed-in user's investment accounts in display order: name, type, institution, whether cash is tracked, the cash balance (an exact decimal string) and which one is the default",
    access: "user",
    cachedAnswer: "own-data",
    response: z.array(investmentAccount),
    call: (caller) => caller.investmentAccounts.list(),
  }),
  restRoute({
    method: "POST",
    url: "/accounts",
    operationId: "createAccount",
    tag,
    summary:
      "Add an investment account (type default 'taxable', cash not tracked); names are unique per user (409)",
    access: "user",
    refusals: { 409: messages.nameTaken },
    body: createInvestmentAccountInput,
    response: investmentAccount,
    call: (caller, { body }) => caller.investmentAccounts.create(body),
  }),
  restRoute({
    method: "PUT",
    url: "/accounts/:id",
    operationId: "updateAccount",
    tag,
    summary:
      "Change an account's name, type, institution, cash tracking or display order; `isDefault: true` makes it the default account",
    access: "user",
    refusals: { 404: notTheUsers, 409: messages.nameTaken },
    params: accountIdParams,
    body: investmentAccountChanges,
    response: investmentAccount,
    call: (caller, { params, body }) =>
      caller.investmentAccounts.update({ ...body, id: params.id }),
  }),
  restRoute({
    method: "DELETE",
    url: "/accounts/:id",
    operationId: "deleteAccount",
    tag,
    summary:
      "Delete an account. While it holds positions or activity the answer is 409, unless the body names `moveToAccountId`, another of the user's accounts, into which they move first (holdings of one symbol merge at their combined average cost). The only account cannot be deleted",
    access: "user",
    refusals: { 404: notTheUsers, 409: messages.holdsActivity },
    params: accountIdParams,
    body: deleteInvestmentAccountOptions,
    response: deletedInvestmentAccount,
    call: (caller, { params, body }) =>
      caller.investmentAccounts.delete({ ...body, id: params.id }),
  }),
  restRoute({
    method: "POST",
    url: "/accounts/:id/reconcile",
    operationId: "reconcileAccount",
    tag,
    summary:
      "Compare an account with a brokerage statement: its holdings (and, when `cash` is given, its cash) at the end of `asOf`, replaying the account's trades, splits and transfers up to then, beside the statement's. `matches` is true when everything is equal; `differences` lists every holding on either side whose quantity differs, where `expected` is the statement's quantity and `actual` Ledgerline's (0 when a side does not have it), both exact decimal strings; `cashDifference` is the statement's cash less Ledgerline's (null without `cash`). Changes nothing",
    access: "user",
    refusals: { 404: notTheUsers },
    params: accountIdParams,
    body: reconcileStatement,
    response: reconciliation,
    call: (caller, { params, body }) =>
      caller.investmentAccounts.reconcile({ ...body, id: params.id }),
  }),
];
