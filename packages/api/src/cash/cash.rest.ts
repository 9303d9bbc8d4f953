import {
  cashActivity,
  cashActivityList,
  cashListQuery,
  cashMessages as messages,
  createCashActivityInput,
  deletedCashActivity,
  investmentAccountMessages,
} from "@ledgerline/contracts";
import { z } from "zod";
import { restRoute } from "../platform/rest/route";

const tag = "Cash";
const cashId = z.object({ id: z.string().describe("The cash activity's numeric id") });
const notTheUsers = "No such cash activity of the signed-in user";
const accountNotTheUsers = `${investmentAccountMessages.notFound}: the account is not the signed-in user's`;

/** `/api/cash`: money into and out of the signed-in user's investment accounts. */
export const cashRoutes = [
  restRoute({
    method: "GET",
    url: "/cash",
    operationId: "listCash",
    tag,
    summary:
      "The signed-in user's cash activities, newest first: of one account (`accountId`) or all, from and to two days (inclusive)",
    description:
      "Each row is `{ id, accountId, type, amount, date, notes, transferId }`: `type` is 'deposit', 'withdrawal', 'interest', 'fee', 'tax', or 'transfer-out' / 'transfer-in' for the two sides of a cash transfer between two accounts (they share `transferId`). `amount` is a positive exact decimal string; the type says the direction.",
    access: "user",
    refusals: { 404: accountNotTheUsers },
    query: cashListQuery,
    response: cashActivityList,
    call: (caller, { query }) => caller.cash.list(query),
  }),
  restRoute({
    method: "POST",
    url: "/cash",
    operationId: "createCash",
    tag,
    summary:
      "Record a deposit, withdrawal, interest, account fee or tax withheld (`amount` positive, `date` not ahead; default account when `accountId` is left out)",
    access: "user",
    refusals: { 404: accountNotTheUsers },
    body: createCashActivityInput,
    response: cashActivity,
    call: (caller, { body }) => caller.cash.create(body),
  }),
  restRoute({
    method: "PUT",
    url: "/cash/:id",
    operationId: "updateCash",
    tag,
    summary:
      "Correct a cash activity; a side of a transfer is changed only with the transfer (409)",
    access: "user",
    refusals: { 404: notTheUsers, 409: messages.transferChangedAlone },
    params: cashId,
    body: createCashActivityInput,
    response: cashActivity,
    call: (caller, { params, body }) => caller.cash.update({ ...body, id: Number(params.id) }),
  }),
  restRoute({
    method: "DELETE",
    url: "/cash/:id",
    operationId: "deleteCash",
    tag,
    summary: "Delete a cash activity; deleting a side of a transfer deletes both sides",
    access: "user",
    refusals: { 404: notTheUsers },
    params: cashId,
    response: deletedCashActivity,
    call: (caller, { params }) => caller.cash.delete({ id: Number(params.id) }),
  }),
];
