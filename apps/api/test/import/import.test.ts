import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportMappingInput,
  type ImportPreview,
  type ImportResult,
} from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import { historyApp, historyUser } from "../support/transactions-support";
import { importCall, importSample, type Door } from "./import-support";

const schwabCsv = importSample("schwab-sample.csv");
const coinbaseCsv = importSample("coinbase-sample.csv");

let t: TestApp;
beforeAll(async () => {
  t = (await historyApp()).t;
});
afterAll(() => t.close());

/** One call through either door, answered the same way. */
const call = <T>(door: Door, kind: "preview" | "run", body: unknown, token: string) =>
  importCall<T>(t, door, kind, body, token);

async function positionsOf(token: string) {
  const answer = async (path: string) =>
    (
      (await t.trpc("query", path, undefined, token)).body as unknown as {
        result: { data: { symbol: string; quantity: string; averagePurchasePrice: string }[] };
      }
    ).result.data.map(({ symbol, quantity, averagePurchasePrice }) => ({
      symbol,
      quantity,
      averagePurchasePrice,
    }));
  return { stocks: await answer("portfolio.list"), cryptos: await answer("cryptoPortfolio.list") };
}

async function historyOf(userId: number) {
  // Rows as the user sees them: ids and account ids are each user's own.
  const rows = await t.app.deps.repos.portfolio.transactions(userId);
  return rows.map(({ id: _id, accountId: _account, ...row }) => row);
}

const schwabSummary = {
  trades: 6,
  income: 2,
  splits: 1,
  cash: 2,
  duplicates: 0,
  skipped: 1,
  errors: 3,
};
const nvdaSplit = "NVDA's 10-for-1 split of 2024-06-10";

async function incomeOf(userId: number) {
  const entries = await t.app.deps.repos.corporateActions.listIncome(userId);
  return entries.map(({ id: _id, accountId: _account, ...entry }) => entry);
}

describe.each(["rest", "trpc"] as const)("importing through the %s door", (door) => {
  it("previews the Schwab sample row by row and writes nothing", async () => {
    const me = await historyUser(t);
    const preview = await call<ImportPreview>(
      door,
      "preview",
      { source: "schwab", csv: schwabCsv },
      me.user.token,
    );
    expect(preview.status).toBe(200);
    expect(preview.data.summary).toEqual(schwabSummary);
    expect(preview.data.rows.map((row) => `${row.row} ${row.outcome}`)).toEqual([
      "2 trade",
      "3 income",
      "4 income",
      "5 trade",
      "6 split",
      "7 trade",
      "8 trade",
      "9 trade",
      "10 cash",
      "11 cash",
      "12 error",
      "13 error",
      "14 trade",
      "15 error",
      "16 skipped",
    ]);
    expect(preview.data.rows[0]).toEqual({
      row: 2,
      outcome: "trade",
      assetType: "STOCK",
      symbol: "MSFT",
      transactionType: "SELL",
      quantity: "5",
      price: "512.4",
      // Schwab gives dates without a time: the day, not midnight UTC in the reader's zone.
      date: "2025-10-15T00:00:00.000Z",
      dateOnly: true,
    });
    expect(preview.data.rows[11]).toMatchObject({
      row: 13,
      outcome: "error",
      message: "Unknown symbol SCHD: the market has no such stock",
    });
    // A dividend with only its amount is paid on the shares held then: 25 MSFT bought in 2024.
    expect(preview.data.rows[1]).toEqual({
      row: 3,
      outcome: "income",
      message: "Income: 20.75 USD on 25 MSFT (ex-date 2025-09-11), recorded as a dividend",
      assetType: "STOCK",
      symbol: "MSFT",
      transactionType: "DIVIDEND",
      quantity: "25",
      price: "0.83",
      date: "2025-09-11T00:00:00.000Z",
      dateOnly: true,
    });
    // Schwab dates the split by when the shares arrived; the calendar has it three days later.
    expect(preview.data.rows[4]).toMatchObject({
      row: 6,
      outcome: "split",
      message: `Matches ${nvdaSplit} in the corporate-actions calendar, which applies it to the shares held then (once, not again from this row)`,
    });
    expect(await historyOf(me.user.id)).toEqual([]);
  });

  it("refuses a file with errors, listing the error rows, unless skipInvalid; then imports as by hand", async () => {
    const me = await historyUser(t);
    const refused = await call<ImportResult>(
      door,
      "run",
      { source: "schwab", csv: schwabCsv },
      me.user.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.issues?.map((issue) => issue.message)).toEqual([
      "Row 12: Unknown symbol SCHD: the market has no such stock",
      "Row 13: Unknown symbol SCHD: the market has no such stock",
      "Row 15: Quantity must be greater than 0 (it is -5)",
    ]);
    expect(await historyOf(me.user.id)).toEqual([]);
    expect(await incomeOf(me.user.id)).toEqual([]);

    const imported = await call<ImportResult>(
      door,
      "run",
      { source: "schwab", csv: schwabCsv, skipInvalid: true },
      me.user.token,
    );
    expect(imported).toMatchObject({
      status: 200,
      data: { imported: 6, income: 2, splits: 1, cash: 2, duplicates: 0, skipped: 1, errors: 3 },
    });
    const dividend = { type: "DIVIDEND", manual: true } as const;
    const imported_income = (await incomeOf(me.user.id)).filter((entry) => entry.manual);
    expect(imported_income).toEqual([
      {
        ...dividend,
        symbol: "MSFT",
        exDate: "2025-09-11",
        payDate: "2025-09-11",
        quantity: "25",
        amountPerShare: "0.83",
        total: "20.75",
      },
      {
        ...dividend,
        symbol: "AAPL",
        exDate: "2025-08-14",
        payDate: "2025-08-14",
        quantity: "26",
        amountPerShare: "0.26",
        total: "6.76",
      },
    ]);

    // The same trades entered by hand, in date order, by another user.
    const byHand = await historyUser(t);
    await byHand.buy("STOCK", "KO", "1200", "59.87", "2024-01-10T00:00:00Z", "COCA-COLA CO");
    // Its Fees & Comm of $0.65 is the trade's fee, in its cost basis.
    await byHand.buy("STOCK", "AAPL", "26", "172.62", "2024-03-15T00:00:00Z", "APPLE INC", "0.65");
    await byHand.buy("STOCK", "MSFT", "25", "421.44", "2024-04-02T00:00:00Z", "MICROSOFT CORP");
    await byHand.buy("STOCK", "NVDA", "10", "947.8", "2024-05-20T00:00:00Z", "NVIDIA CORP");
    await byHand.buy("STOCK", "NVDA", "12.5", "153.1", "2025-07-01T00:00:00Z", "NVIDIA CORP");
    await byHand.sell("STOCK", "MSFT", "5", "512.4", "2025-10-15T00:00:00Z");
    expect(await positionsOf(me.user.token)).toEqual(await positionsOf(byHand.user.token));
    expect((await positionsOf(me.user.token)).stocks).toContainEqual({
      // NVDA's 10-for-1 split of 2024-06-10 applies to the 10 shares bought before it.
      symbol: "NVDA",
      quantity: "112.5",
      averagePurchasePrice: "101.26",
    });
    const history = await historyOf(me.user.id);
    // Six imported trades and the SPLIT row of NVDA's 2024 split.
    expect(history).toHaveLength(7);
    expect(history.find((row) => row.symbol === "AAPL")).toMatchObject({
      fee: "0.65",
      notes: "APPLE INC",
    });
    expect((await positionsOf(me.user.token)).stocks).toContainEqual({
      symbol: "AAPL",
      quantity: "26",
      // (26 x 172.62 + 0.65) / 26
      averagePurchasePrice: "172.645",
    });
    expect(history.map(({ notes: _notes, ...row }) => row)).toEqual(
      (await historyOf(byHand.user.id)).map(({ notes: _notes, ...row }) => row),
    );

    const audit = await t.sql<{ event: string; details: string }>(
      "SELECT event, details FROM audit_logs WHERE user_id = ? AND event = 'IMPORT'",
      [me.user.id],
    );
    expect(audit).toEqual([
      {
        event: "IMPORT",
        details:
          "schwab: 6 imported, 2 income, 1 splits, 2 cash, 0 duplicates, 1 skipped, 3 errors",
      },
    ]);

    // Importing the same file again adds nothing: every trade, dividend, cash row and the split
    // are duplicates.
    const again = await call<ImportPreview>(
      door,
      "preview",
      { source: "schwab", csv: schwabCsv },
      me.user.token,
    );
    expect(again.data.summary).toEqual({
      ...schwabSummary,
      trades: 0,
      income: 0,
      splits: 0,
      cash: 0,
      duplicates: 11,
    });
    expect(again.data.rows[4]).toMatchObject({
      row: 6,
      outcome: "duplicate",
      message: `Already applied: ${nvdaSplit} from the corporate-actions calendar is in your history`,
    });
    const reimported = await call<ImportResult>(
      door,
      "run",
      { source: "schwab", csv: schwabCsv, skipInvalid: true },
      me.user.token,
    );
    expect(reimported.data).toEqual({
      imported: 0,
      income: 0,
      splits: 0,
      cash: 0,
      duplicates: 11,
      skipped: 1,
      errors: 3,
    });
    expect(await historyOf(me.user.id)).toHaveLength(7);
    expect((await incomeOf(me.user.id)).filter((entry) => entry.manual)).toEqual(imported_income);
  });

  it("writes a dividend the calendar knows under its ex-date, so the calendar never adds it again; splits come only from the calendar", async () => {
    const me = await historyUser(t);
    const csv = [
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
      // The broker's figure, net of tax: the calendar pays 0.52 a share on 2024-04-08.
      '"04/08/2024","Cash Dividend","KO","COCA-COLA CO","","","","$50.00"',
      '"05/01/2024","Stock Split","KO","COCA-COLA CO","100","","",""',
      '"04/09/2024","Cash Dividend","MSFT","MICROSOFT CORP","","","","$5.00"',
      '"01/10/2024","Buy","KO","COCA-COLA CO","100","$59.87","$0.00","-$5,987.00"',
    ].join("\n");
    const preview = await call<ImportPreview>(
      door,
      "preview",
      { source: "schwab", csv },
      me.user.token,
    );
    expect(
      preview.data.rows.map(({ row, outcome, message }) => ({ row, outcome, message })),
    ).toEqual([
      {
        row: 2,
        outcome: "income",
        message:
          "Income: 50 USD on 100 KO (ex-date 2024-03-11, the corporate-actions calendar's dividend), recorded as a dividend",
      },
      {
        row: 3,
        outcome: "skipped",
        message:
          "No KO split near 2024-05-01 is in the corporate-actions calendar, which is where splits are applied from: this row is not applied",
      },
      {
        row: 4,
        outcome: "error",
        message:
          "A dividend on MSFT, but no MSFT was held on 2024-04-09: import the trades that bought it too",
      },
      { row: 5, outcome: "trade", message: undefined },
    ]);
    const imported = await call<ImportResult>(
      door,
      "run",
      { source: "schwab", csv, skipInvalid: true },
      me.user.token,
    );
    expect(imported.data).toEqual({
      imported: 1,
      income: 1,
      splits: 0,
      cash: 0,
      duplicates: 0,
      skipped: 1,
      errors: 1,
    });
    // The income list brings the calendar's dividends up to date first: KO's of 2024-03-11 is
    // the imported one, once, with the broker's figure.
    const listed = await t.request("GET", "/api/income", { token: me.user.token });
    const entries = (
      listed.body as unknown as {
        entries: { symbol: string; exDate: string; total: string; manual: boolean }[];
      }
    ).entries;
    expect(entries.filter((entry) => entry.exDate === "2024-03-11")).toMatchObject([
      { symbol: "KO", total: "50", manual: true },
    ]);
    expect(entries.filter((entry) => !entry.manual).length).toBeGreaterThan(0);
  });

  it("answers a repeated import with the same idempotency key as the first, writing nothing more", async () => {
    const me = await historyUser(t);
    const body = { source: "schwab", csv: schwabCsv, skipInvalid: true };
    const first = {
      imported: 6,
      income: 2,
      splits: 1,
      cash: 2,
      duplicates: 0,
      skipped: 1,
      errors: 3,
    };
    const keyed = async () => {
      if (door === "rest") {
        const response = await t.request("POST", "/api/import", {
          token: me.user.token,
          body,
          headers: { "idempotency-key": "import-1" },
        });
        return response.body as unknown as ImportResult;
      }
      return (
        await call<ImportResult>(
          door,
          "run",
          { ...body, idempotencyKey: "import-1" },
          me.user.token,
        )
      ).data;
    };
    expect(await keyed()).toEqual(first);
    // Without the key this would answer 11 duplicates; with it, the first answer again.
    expect(await keyed()).toEqual(first);
    expect(await historyOf(me.user.id)).toHaveLength(7);
    expect(await t.app.deps.repos.cash.list(me.user.id)).toHaveLength(2);
  });

  it("previews the Coinbase sample: the EUR price and the 12-decimal quantity are errors", async () => {
    const me = await historyUser(t);
    const preview = await call<ImportPreview>(
      door,
      "preview",
      { source: "coinbase", csv: coinbaseCsv },
      me.user.token,
    );
    expect(preview.data.summary).toEqual({
      trades: 5,
      income: 0,
      splits: 0,
      cash: 0,
      duplicates: 0,
      skipped: 2,
      errors: 2,
    });
    expect(
      preview.data.rows.filter((row) => row.outcome === "error").map((row) => row.row),
    ).toEqual([3, 8]);
    expect(preview.data.rows[0]).toMatchObject({ row: 2, transactionType: "SELL", fee: "14.67" });
  });

  it("imports the Coinbase sample's fees: in the buys' cost basis, out of the sell's proceeds", async () => {
    const me = await historyUser(t);
    const imported = await call<ImportResult>(
      door,
      "run",
      { source: "coinbase", csv: coinbaseCsv, skipInvalid: true },
      me.user.token,
    );
    expect(imported.data).toMatchObject({ imported: 5, errors: 2 });
    const fees = (await historyOf(me.user.id)).map((row) => [
      row.transactionType,
      row.symbol,
      row.fee,
    ]);
    expect(fees).toEqual([
      ["SELL", "ETH", "14.67"],
      ["BUY", "SOL", "7.21"],
      ["BUY", "ETH", "34.41"],
      ["BUY", "BTC", "28.46"],
      ["BUY", "DOGE", "12.84"],
    ]);
    // 1.2 ETH cost 2295.06 + 34.41 = 2329.47: 1941.225 each; 0.95 are left after the sell.
    expect((await positionsOf(me.user.token)).cryptos).toContainEqual({
      symbol: "ETH",
      quantity: "0.95",
      averagePurchasePrice: "1941.225",
    });
    await t.settled();
    const summary = await t.trpc("query", "portfolioSummary.get", undefined, me.user.token);
    const { realizedGain } = (
      summary.body as unknown as { result: { data: { returns: { realizedGain: string } } } }
    ).result.data.returns;
    // 0.25 x (3912.40 - 1941.225) - 14.67
    expect(realizedGain).toBe("478.12375");
  });

  it("refuses a sell of more than was held on its date, and counts repeated fills in a file", async () => {
    const me = await historyUser(t);
    await me.buy("STOCK", "AAPL", "10", "100", "2025-06-01T00:00:00Z");
    const csv =
      "id,transactionDate,type,symbol,transactionType,quantity,price,transactionTotal,notes\n" +
      "1,2025-01-01T00:00:00.000Z,STOCK,AAPL,SELL,5,90,450,\n" +
      "2,2025-07-01T00:00:00.000Z,STOCK,AAPL,SELL,4,120,480,\n" +
      "3,2025-07-02T00:00:00.000Z,STOCK,AAPL,BUY,1,110,110,\n" +
      "4,2025-07-02T00:00:00.000Z,STOCK,AAPL,BUY,1,110,110,\n";
    const preview = await call<ImportPreview>(
      door,
      "preview",
      { source: "ledgerline", csv },
      me.user.token,
    );
    expect(preview.data.rows.map((row) => [row.row, row.outcome, row.message])).toEqual([
      [2, "error", "Sells 5 AAPL but 0 were held on 2025-01-01"],
      [3, "trade", undefined],
      [4, "trade", undefined],
      [5, "trade", undefined],
    ]);
    const imported = await call<ImportResult>(
      door,
      "run",
      { source: "ledgerline", csv, skipInvalid: true },
      me.user.token,
    );
    expect(imported.data.imported).toBe(3);
    const again = await call<ImportPreview>(
      door,
      "preview",
      { source: "ledgerline", csv },
      me.user.token,
    );
    expect(again.data.summary).toMatchObject({ trades: 0, duplicates: 3, errors: 1 });
    expect((await positionsOf(me.user.token)).stocks).toEqual([
      { symbol: "AAPL", quantity: "8", averagePurchasePrice: "102.5" },
    ]);
  });

  it("round-trips the CSV export of one user into another's account", async () => {
    const a = await historyUser(t);
    await a.buy("STOCK", "AAPL", "10", "150.25", "2026-01-05T10:00:00Z", 'bought "the dip", again');
    await a.buy("CRYPTO", "SHIB", "12345678.12345678", "0.00001234", "2026-01-20T10:00:00Z");
    await a.sell("STOCK", "AAPL", "4", "170", "2026-02-10T10:00:00Z");
    await a.buy("CRYPTO", "BTC", "0.5", "40000", "2026-02-20T10:00:00Z", '=HYPERLINK("x")');
    await a.buy("STOCK", "AAPL", "2.5", "160", "2026-02-21T10:00:00Z");
    const exported = await t.app.inject({
      method: "GET",
      url: "/api/transaction?format=csv",
      headers: { authorization: `Bearer ${a.user.token}` },
    });
    const b = await historyUser(t);
    const imported = await call<ImportResult>(
      door,
      "run",
      { source: "ledgerline", csv: exported.body },
      b.user.token,
    );
    expect(imported.data).toEqual({
      imported: 5,
      income: 0,
      splits: 0,
      cash: 0,
      duplicates: 0,
      skipped: 0,
      errors: 0,
    });
    expect(await positionsOf(b.user.token)).toEqual(await positionsOf(a.user.token));
    expect(await historyOf(b.user.id)).toEqual(await historyOf(a.user.id));
  });

  it("refuses files that cannot be imported with a 400, writing nothing", async () => {
    const me = await historyUser(t);
    const mapping: ImportMappingInput = {
      columns: { date: "Date", symbol: "Ticker", action: "Side", quantity: "Qty", price: "Px" },
      actions: { buy: ["B"] },
    };
    const cases: [unknown, string][] = [
      [{ source: "schwab", csv: "" }, "The file is empty"],
      [
        { source: "schwab", csv: schwabCsv.split("\n")[0] },
        "The file has a header but no rows to import",
      ],
      [{ source: "schwab", csv: `PK\u0003\u0004${"\uFFFD".repeat(10)}` }, "The file is not text"],
      [{ source: "schwab", csv: coinbaseCsv }, "This does not look like a Charles Schwab export"],
      [
        { source: "generic", csv: schwabCsv, mapping },
        "The mapping names columns the file does not have: Ticker, Side, Qty, Px",
      ],
      [{ source: "generic", csv: schwabCsv }, "An 'Other CSV' file needs its column mapping"],
      // An incomplete mapping names the column it lacks, left empty or left out.
      [
        {
          source: "generic",
          csv: schwabCsv,
          mapping: { ...mapping, columns: { ...mapping.columns, price: "" } },
        },
        "Choose the file's Price column: the mapping names none",
      ],
      [
        {
          source: "generic",
          csv: schwabCsv,
          mapping: {
            ...mapping,
            columns: { date: "Date", symbol: "Symbol", action: "Action", price: "Price" },
          },
        },
        "Choose the file's Quantity column: the mapping names none",
      ],
      [{ source: "excel", csv: schwabCsv }, ""],
    ];
    for (const [body, message] of cases) {
      const answer = await call(door, "run", body, me.user.token);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.message).toContain(message);
    }
    expect(await historyOf(me.user.id)).toEqual([]);
  });

  it("answers 413 beyond 10 MB and 400 beyond 200,000 rows", async () => {
    const me = await historyUser(t);
    const header = "Date,Symbol,Action,Quantity,Price\n";
    const row = "2025-01-01,AAPL,Buy,1,1\n";
    const mapping: ImportMappingInput = {
      columns: {
        date: "Date",
        symbol: "Symbol",
        action: "Action",
        quantity: "Quantity",
        price: "Price",
      },
      actions: { buy: ["Buy"] },
    };
    const big = header + "x".repeat(IMPORT_MAX_BYTES);
    const tooBig = await call(
      door,
      "preview",
      { source: "generic", csv: big, mapping },
      me.user.token,
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.message).toBe("The file is larger than 10 MB; split it into smaller files");
    const document = (await t.request("GET", "/api/docs/json")).body as unknown as {
      paths: Record<string, { post: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(document.paths["/api/import/preview"]!.post.responses)).toContain("413");

    const long = header + row.repeat(IMPORT_MAX_ROWS + 1);
    const tooLong = await call(
      door,
      "preview",
      { source: "generic", csv: long, mapping },
      me.user.token,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.message).toBe(
      "The file has more than 200,000 rows; split it into smaller files",
    );
    expect(await historyOf(me.user.id)).toEqual([]);
  });

  it("needs a signed-in user", async () => {
    expect((await call(door, "preview", { source: "schwab", csv: schwabCsv }, "")).status).toBe(
      401,
    );
  });
});
