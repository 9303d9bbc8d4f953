import { investmentAccountMessages, transferInput, transferResult } from "@ledgerline/contracts";
import { restRoute } from "../platform/rest/route";

/** `POST /api/transfers`: cash or a holding moved between two of the signed-in user's accounts. */
export const transferRoutes = [
  restRoute({
    method: "POST",
    url: "/transfers",
    operationId: "createTransfer",
    tag: "Accounts",
    summary:
      "Move cash (`amount`) or a holding (`symbol`, `assetType`, `quantity`) from one of the user's accounts to another on `date`",
    description: [
      "The body is one of two shapes; a body with `amount` is a cash transfer, any other a holding transfer.",
      "",
      "- **Cash** `{ fromAccountId, toAccountId, date, amount, notes? }`: two cash activities, a `transfer-out` of the source and a `transfer-in` of the destination, sharing a `transferId` (both listed by `GET /api/cash`). `amount` is a positive exact decimal. The answer is `{ transferOut, transferIn }`, the two rows. Neither account's cash need cover it (negative cash is shown as negative). Over all accounts it is no deposit or withdrawal; for one cash-tracked account's returns it is one.",
      "- **Holding** `{ fromAccountId, toAccountId, date, symbol, assetType, quantity }`: the source gives the quantity up at its average cost (no gain is realized), the destination takes it in at that cost (its basis and the date the holding was opened carry over). Two rows stand in the history: TRANSFER_OUT in the source and TRANSFER_IN in the destination, priced at the average cost per unit moved. The answer is `{ transferOut, transferIn, fromPosition, toPosition }`. 400 when the source does not hold the quantity at the end of that date (now, for today) or would not keep holding it after.",
      "",
      "Either: 400 when both accounts are the same or the date is ahead; 404 when either account is not the user's.",
    ].join("\n"),
    access: "user",
    refusals: { 404: investmentAccountMessages.notFound },
    body: transferInput,
    response: transferResult,
    call: (caller, { body }) => caller.transfers.create(body),
  }),
];
