import { dateInFuture, dateOutOfRange } from "@ledgerline/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pinnedMarket } from "../support/transactions-support";
import { startTestApp, TestClock, type TestApp } from "../support/test-app";

let t: TestApp;
beforeEach(async () => {
  // The test clock's today is 2026-03-02.
  t = await startTestApp({ clock: new TestClock(), market: pinnedMarket() });
});
afterEach(() => t.close());

const said = (body: unknown) => JSON.stringify(body);

/** A dividend of 10 AAPL shares at 0.25, with the dates given. */
const dividend = (exDate: string, payDate: string) => ({
  symbol: "AAPL",
  exDate,
  payDate,
  quantity: "10",
  amountPerShare: "0.25",
});

describe("every date a client sends", () => {
  it("of an income entry lies between 1970 and today, on both doors, creating and editing", async () => {
    const user = await t.registerUser();
    const refusals = [
      [dividend("0001-01-01", "2026-02-10"), dateOutOfRange("The ex-date")],
      [dividend("2026-02-01", "9999-12-31"), dateOutOfRange("The pay date")],
      [dividend("2026-02-01", "2026-06-30"), dateInFuture("The pay date")],
      [dividend("2026-03-04", "2026-03-04"), dateInFuture("The ex-date")],
    ] as const;
    for (const [body, message] of refusals) {
      const rest = await t.request("POST", "/api/income", { token: user.token, body });
      expect(rest.status, message).toBe(400);
      expect(rest.body?.message).toBe(message);
      const trpc = await t.trpc("mutation", "income.create", body, user.token);
      expect(trpc.status, message).toBe(400);
      expect(said(trpc.body)).toContain(message);
    }
    expect(await t.sql("SELECT id FROM income_entries")).toEqual([]);

    // Today's dates are taken, tomorrow's in UTC too (it is already tomorrow east of UTC).
    const made = await t.request("POST", "/api/income", {
      token: user.token,
      body: dividend("2026-02-27", "2026-03-03"),
    });
    expect(made.status, said(made.body)).toBe(200);
    const id = made.body?.id as number;
    const edited = await t.trpc(
      "mutation",
      "income.update",
      { ...dividend("2026-02-27", "9999-12-31"), id },
      user.token,
    );
    expect(edited.status).toBe(400);
    expect(said(edited.body)).toContain(dateOutOfRange("The pay date"));
    const later = await t.request("PUT", `/api/income/${id}`, {
      token: user.token,
      body: dividend("2026-02-27", "2026-04-01"),
    });
    expect(later.status).toBe(400);
    expect(later.body?.message).toBe(dateInFuture("The pay date"));
  });

  it("of a trade lies between 1970 and now, on both doors", async () => {
    const user = await t.registerUser();
    const buy = (purchaseDate: string) => ({
      symbol: "AAPL",
      quantity: "1",
      purchasePrice: "100",
      purchaseDate,
    });
    for (const purchaseDate of ["0001-01-01T00:00:00Z", "9999-12-31T00:00:00Z"]) {
      const rest = await t.request("POST", "/api/portfolio", {
        token: user.token,
        body: buy(purchaseDate),
      });
      expect(rest.status).toBe(400);
      expect(rest.body?.message).toBe(dateOutOfRange("Purchase date"));
      const trpc = await t.trpc("mutation", "portfolio.buy", buy(purchaseDate), user.token);
      expect(trpc.status).toBe(400);
      expect(said(trpc.body)).toContain(dateOutOfRange("Purchase date"));
    }
    expect(await t.sql("SELECT id FROM transactions")).toEqual([]);
    const first = await t.trpc(
      "mutation",
      "portfolio.buy",
      buy("1970-01-01T00:00:00Z"),
      user.token,
    );
    expect(first.status).toBe(200);
  });

  it("of an API key's expiry, a filter or a company's details lies between 1970 and 2099", async () => {
    const user = await t.registerUser();
    const admin = await t.createAdmin();
    const cases = [
      [
        await t.request("POST", "/api/api-keys", {
          token: user.token,
          body: {
            name: "forever",
            scope: "read",
            expiresAt: "9999-12-31T00:00:00Z",
            password: user.password,
          },
        }),
        dateOutOfRange("The expiry"),
      ],
      [
        await t.request("GET", "/api/transaction", {
          token: user.token,
          query: { startDate: "0001-01-01" },
        }),
        dateOutOfRange("startDate"),
      ],
      [
        await t.trpc(
          "query",
          "transactions.list",
          { endDate: "9999-12-31T23:59:59Z", page: 1, pageSize: 10 },
          user.token,
        ),
        dateOutOfRange("endDate"),
      ],
      [
        await t.request("GET", "/api/audit/logs", {
          token: admin.token,
          query: { endDate: "9999-12-31" },
        }),
        dateOutOfRange("endDate"),
      ],
      [
        await t.trpc("query", "market.details", { symbol: "AAPL", date: "0001-01-01" }, user.token),
        dateOutOfRange("date"),
      ],
    ] as const;
    for (const [response, message] of cases) {
      expect(response.status, message).toBe(400);
      expect(said(response.body)).toContain(message);
    }
    expect(await t.sql("SELECT id FROM api_keys")).toEqual([]);
  });

  it("of an imported row lies between 1970 and now", async () => {
    const user = await t.registerUser();
    const csv =
      "transactionDate,type,symbol,transactionType,quantity,price,notes\n" +
      "1900-01-02T10:00:00Z,STOCK,MSFT,BUY,1,400,\n" +
      "2026-01-02T10:00:00Z,STOCK,MSFT,BUY,1,400,\n";
    const preview = await t.request("POST", "/api/import/preview", {
      token: user.token,
      body: { source: "ledgerline", csv },
    });
    expect(preview.status).toBe(200);
    const rows = (preview.body as unknown as { rows: { outcome: string; message?: string }[] })
      .rows;
    expect(rows.map((row) => [row.outcome, row.message])).toEqual([
      ["error", dateOutOfRange("The date")],
      ["trade", undefined],
    ]);
  });
});
