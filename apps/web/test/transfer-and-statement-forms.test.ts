import { describe, expect, it } from "vitest";
import {
  emptyTransferForm,
  transferFormProblems,
  transferInput,
} from "../src/routes/_app/accounts/-components/transfer-form";
import {
  emptyStatement,
  parsePastedHoldings,
  reconcileRequest,
  statementProblems,
  statementRow,
  withPasted,
} from "../src/routes/_app/accounts/-components/statement-form";

const today = "2026-03-11";

describe("the transfer form", () => {
  it("sends cash as an exact amount, or a holding's quantity", () => {
    const cash = { ...emptyTransferForm(1, 2, today), amount: "1.234,5" };
    expect(transferFormProblems(cash, today)).toEqual({});
    expect(transferInput(cash)).toEqual({
      fromAccountId: 1,
      toAccountId: 2,
      date: today,
      amount: "1234.5",
      notes: null,
    });
    expect(transferInput({ ...cash, notes: "  To the IRA  " })).toMatchObject({
      notes: "To the IRA",
    });
    const holding = { ...cash, kind: "holding" as const, holding: "CRYPTO:BTC", quantity: "0,5" };
    expect(transferInput(holding)).toEqual({
      fromAccountId: 1,
      toAccountId: 2,
      date: today,
      symbol: "BTC",
      assetType: "CRYPTO",
      quantity: "0.5",
    });
  });

  it("refuses the same account twice, no holding, a bad amount and a day ahead", () => {
    const values = { ...emptyTransferForm(1, 1, today), amount: "0", date: "2026-03-12" };
    expect(Object.keys(transferFormProblems(values, today)).sort()).toEqual([
      "amount",
      "date",
      "toAccountId",
    ]);
    expect(transferFormProblems({ ...values, notes: "n".repeat(501) }, today).notes).toBe(
      "Notes must be at most 500 characters",
    );
    const holding = { ...emptyTransferForm(1, 2, today), kind: "holding" as const };
    expect(Object.keys(transferFormProblems(holding, today)).sort()).toEqual([
      "holding",
      "quantity",
    ]);
  });
});

describe("the statement form", () => {
  it("reads pasted lines by spaces, tabs or commas, passing over a header", () => {
    const pasted = "symbol,quantity\nAAPL 10\nmsft,4.5\n\nBTC\t0,25\tcrypto\nnonsense here";
    expect(parsePastedHoldings(pasted)).toEqual({
      rows: [
        { symbol: "AAPL", assetType: "STOCK", quantity: "10" },
        { symbol: "MSFT", assetType: "STOCK", quantity: "4.5" },
        { symbol: "BTC", assetType: "CRYPTO", quantity: "0.25" },
      ],
      unread: ["nonsense here"],
    });
  });

  it("puts pasted rows in place of an empty one, after typed ones", () => {
    const typed = [statementRow({ symbol: "KO", quantity: "3" }), statementRow()];
    const rows = withPasted(typed, [{ symbol: "AAPL", assetType: "STOCK", quantity: "1" }]);
    expect(rows.map((row) => row.symbol)).toEqual(["KO", "AAPL"]);
  });

  it("sends the statement exactly, blank rows left out, and names each problem's row", () => {
    const values = {
      ...emptyStatement(today),
      cash: "-12.5",
      rows: [statementRow({ symbol: " aapl ", quantity: "10" }), statementRow()],
    };
    expect(statementProblems(values)).toEqual({});
    expect(reconcileRequest(7, values)).toEqual({
      id: 7,
      asOf: today,
      cash: "-12.5",
      holdings: [{ symbol: "AAPL", assetType: "STOCK", quantity: "10" }],
    });
    expect(reconcileRequest(7, { ...values, cash: "" })).not.toHaveProperty("cash");
    const twice = {
      ...values,
      cash: "abc",
      rows: [
        statementRow({ symbol: "AAPL", quantity: "1" }),
        statementRow({ symbol: "aapl", quantity: "-1" }),
        statementRow({ quantity: "2" }),
      ],
    };
    expect(Object.keys(statementProblems(twice)).sort()).toEqual([
      "cash",
      "rows.1.quantity",
      "rows.1.symbol",
      "rows.2.symbol",
    ]);
  });
});
