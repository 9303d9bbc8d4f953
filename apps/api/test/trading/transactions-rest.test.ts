import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import { historyApp, historyUser, insertTransactions } from "../support/transactions-support";

let t: TestApp;
let me: Awaited<ReturnType<typeof historyApp>>;

beforeAll(async () => {
  me = await historyApp();
  t = me.t;
  await me.buy("STOCK", "AAPL", "10", "150.25", "2026-01-05T10:00:00Z", 'bought "the dip", again');
  await me.buy("CRYPTO", "SHIB", "12345678.12345678", "0.00001234", "2026-01-20T10:00:00Z");
  await me.sell("STOCK", "AAPL", "4", "170", "2026-02-10T10:00:00Z");
  await me.buy("CRYPTO", "BTC", "0.5", "40000", "2026-02-20T10:00:00Z", '=HYPERLINK("x")');
  const other = await historyUser(t);
  await other.buy("STOCK", "MSFT", "1", "100", "2026-01-10T10:00:00Z");
});
afterAll(() => t.close());

/** GET with the raw response, for bodies that are not JSON. */
async function get(url: string, token: string | null = me.user.token) {
  return t.app.inject({
    method: "GET",
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe("GET /api/transaction", () => {
  it("answers the whole list, newest first, with amounts as JSON numbers", async () => {
    const response = await t.request("GET", "/api/transaction", { token: me.user.token });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    const rows = response.body as unknown as Record<string, unknown>[];
    expect(rows.map((row) => row.symbol)).toEqual(["BTC", "AAPL", "SHIB", "AAPL"]);
    expect(rows[2]).toEqual({
      id: expect.any(Number) as number,
      transactionDate: "2026-01-20T10:00:00.000Z",
      type: "CRYPTO",
      symbol: "SHIB",
      transactionType: "BUY",
      quantity: 12345678.12345678,
      price: 0.00001234,
      // The exact total, 152.3456680434566652, as the nearest JSON number.
      transactionTotal: Number("152.3456680434566652"),
      fee: 0,
      notes: null,
    });
  });

  it("takes the spec's query: filters, sort column and order", async () => {
    const response = await t.request("GET", "/api/transaction", {
      token: me.user.token,
      query: {
        symbol: " aapl ",
        type: "STOCK",
        transactionType: "BUY",
        startDate: "2026-01-01T00:00:00.000Z",
        endDate: "2026-01-31T23:59:59.999Z",
        sortBy: "price",
        sortOrder: "asc",
      },
    });
    expect(response.status).toBe(200);
    expect((response.body as unknown as { price: number }[]).map((row) => row.price)).toEqual([
      150.25,
    ]);
    const byTotal = await t.request("GET", "/api/transaction", {
      token: me.user.token,
      query: { sortBy: "transactionTotal", sortOrder: "desc" },
    });
    expect(
      (byTotal.body as unknown as { transactionTotal: number }[]).map(
        (row) => row.transactionTotal,
      ),
    ).toEqual([20000, 1502.5, 680, Number("152.3456680434566652")]);
  });

  it("takes the sort column and order in any letter case, and date-only ranges", async () => {
    const response = await t.request("GET", "/api/transaction", {
      token: me.user.token,
      query: {
        sortBy: "TRANSACTIONTOTAL",
        sortOrder: "ASC",
        startDate: "2026-01-05",
        endDate: "2026-01-20",
      },
    });
    expect(response.status).toBe(200);
    expect((response.body as unknown as { symbol: string }[]).map((row) => row.symbol)).toEqual([
      "SHIB",
      "AAPL",
    ]);
  });

  it("answers a path in another letter case or with a trailing slash as the canonical one", async () => {
    const canonical = await t.request("GET", "/api/transaction", { token: me.user.token });
    for (const path of ["/api/Transaction", "/api/transaction/", "/API/TRANSACTION/"]) {
      const response = await t.request("GET", path, { token: me.user.token });
      expect(response.status, path).toBe(200);
      expect(response.body, path).toEqual(canonical.body);
    }
  });

  it("answers one page with the totals in headers", async () => {
    const response = await t.request("GET", "/api/transaction", {
      token: me.user.token,
      query: { page: "2", pageSize: "3" },
    });
    expect(response.status).toBe(200);
    expect((response.body as unknown as unknown[]).length).toBe(1);
    expect(response.headers["x-total-count"]).toBe("4");
    expect(response.headers["x-total-pages"]).toBe("2");
    expect(response.headers["x-page"]).toBe("2");
    expect(response.headers["x-total-count-capped"]).toBe("false");
  });

  it.each([
    [{ startDate: "not-a-date" }, "startDate must be a date or an ISO 8601 date-time"],
    [{ sortBy: "colour" }, "sortBy must be one of"],
    [{ pageSize: "500" }, "pageSize must be at most 100"],
    [{ page: "abc" }, "page must be a whole number"],
    [{ format: "xml" }, "format must be json or csv"],
  ])("answers %j with a 400 and the reason in message", async (query, message) => {
    const response = await t.request("GET", "/api/transaction", { token: me.user.token, query });
    expect(response.status).toBe(400);
    expect(response.body?.message).toContain(message);
  });

  it("refuses anonymous callers with a 401", async () => {
    const response = await t.request("GET", "/api/transaction");
    expect(response.status).toBe(401);
    expect(response.body?.message).toBe("You need to sign in");
    expect((await get("/api/transaction?format=csv", null)).statusCode).toBe(401);
  });

  it("streams a history longer than one batch whole and in order", async () => {
    const heavy = await historyUser(t);
    const start = Date.parse("2025-01-01T00:00:00Z");
    await insertTransactions(t, heavy.user.id, 2_345, (i) => ({
      date: start + i * 1000,
      symbol: i % 2 ? "AAPL" : "MSFT",
    }));
    const response = await t.request("GET", "/api/transaction", {
      token: heavy.user.token,
      query: { sortOrder: "asc" },
    });
    const rows = response.body as unknown as { transactionDate: string }[];
    expect(rows).toHaveLength(2_345);
    expect(rows[0]?.transactionDate).toBe(new Date(start).toISOString());
    expect(rows.at(-1)?.transactionDate).toBe(new Date(start + 2_344_000).toISOString());
    const csv = await get("/api/transaction?format=csv&symbol=MSFT", heavy.user.token);
    expect(csv.body.trimEnd().split("\r\n")).toHaveLength(1 + 1_173);
  });
});

describe("the symbol filter", () => {
  let trader: Awaited<ReturnType<typeof historyUser>>;
  const symbols = ["MS", "MSFT", "AAPL"];
  const start = Date.parse("2025-03-01T00:00:00Z");
  beforeAll(async () => {
    trader = await historyUser(t);
    // More rows than one batch of the unpaged list and the export, with prices that tie often.
    await insertTransactions(t, trader.user.id, 2_400, (i) => ({
      date: start + i * 60_000,
      symbol: symbols[i % 3],
      side: i % 5 ? "BUY" : "SELL",
      price: String(1 + ((i * 37) % 50)),
    }));
  });
  const list = async (query: Record<string, string>) => {
    const response = await t.request("GET", "/api/transaction", {
      token: trader.user.token,
      query,
    });
    expect(response.status).toBe(200);
    return {
      rows: response.body as unknown as { id: number; symbol: string; price: number }[],
      headers: response.headers,
    };
  };

  it("matches part of the symbol, ignoring case: ?symbol=ms is MS and MSFT, not AAPL", async () => {
    const { rows } = await list({ symbol: "ms", sortOrder: "asc" });
    expect(rows).toHaveLength(1_600);
    expect(new Set(rows.map((row) => row.symbol))).toEqual(new Set(["MS", "MSFT"]));
    expect(rows.map((row) => row.id)).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
    expect((await list({ symbol: "Sf" })).rows.every((row) => row.symbol === "MSFT")).toBe(true);
    expect((await list({ symbol: "NVDA" })).rows).toEqual([]);
  });

  it("pages through a match of several symbols completely and in the sort order", async () => {
    const whole = (await list({ symbol: "ms", sortBy: "price", sortOrder: "desc" })).rows;
    expect(whole).toHaveLength(1_600);
    const prices = whole.map((row) => row.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const paged: number[] = [];
    for (let page = 1; page <= 17; page++) {
      const { rows, headers } = await list({
        symbol: "ms",
        sortBy: "price",
        sortOrder: "desc",
        page: String(page),
        pageSize: "100",
      });
      // The count reaches ten pages ahead: the whole match from the seventh page on.
      if (page >= 7) expect(headers["x-total-count"]).toBe("1600");
      paged.push(...rows.map((row) => row.id));
    }
    expect(paged).toEqual(whole.map((row) => row.id));
  });

  it("exports the same match as CSV", async () => {
    const csv = await get("/api/transaction?format=csv&symbol=mS&sortBy=symbol", trader.user.token);
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.trimEnd().split("\r\n").slice(1);
    const exported = rows.map((row) => row.split(",")[3]);
    expect(exported).toHaveLength(1_600);
    // By symbol, newest first: MSFT's 800 before MS's 800.
    expect(exported.slice(0, 800).every((symbol) => symbol === "MSFT")).toBe(true);
    expect(exported.slice(800).every((symbol) => symbol === "MS")).toBe(true);
  });
});

describe("CSV export", () => {
  it("streams the filtered, sorted list as CSV with a header row and exact decimals", async () => {
    const response = await get("/api/transaction?format=csv&sortBy=transactionDate&sortOrder=asc");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = response.body.trimEnd().split("\r\n");
    expect(header).toBe(
      "id,transactionDate,type,symbol,transactionType,quantity,price,transactionTotal,fee,notes",
    );
    expect(rows.map((row) => row.replace(/^\d+,/, ""))).toEqual([
      '2026-01-05T10:00:00.000Z,STOCK,AAPL,BUY,10,150.25,1502.5,0,"bought ""the dip"", again"',
      "2026-01-20T10:00:00.000Z,CRYPTO,SHIB,BUY,12345678.12345678,0.00001234,152.3456680434566652,0,",
      "2026-02-10T10:00:00.000Z,STOCK,AAPL,SELL,4,170,680,0,",
      // A note that a spreadsheet would run as a formula is written as text.
      `2026-02-20T10:00:00.000Z,CRYPTO,BTC,BUY,0.5,40000,20000,0,"'=HYPERLINK(""x"")"`,
    ]);
  });

  it("applies the same filters as the list", async () => {
    const response = await get(
      "/api/transaction?format=csv&type=CRYPTO&sortBy=symbol&sortOrder=desc",
    );
    const rows = response.body.trimEnd().split("\r\n").slice(1);
    expect(rows.map((row) => row.split(",")[3])).toEqual(["SHIB", "BTC"]);
  });

  it("has only the header row when nothing matches", async () => {
    const response = await get("/api/transaction?format=csv&symbol=NVDA");
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      "id,transactionDate,type,symbol,transactionType,quantity,price,transactionTotal,fee,notes\r\n",
    );
  });

  it("refuses pages and bad filters with a JSON 400", async () => {
    const paged = await get("/api/transaction?format=csv&page=1");
    expect(paged.statusCode).toBe(400);
    expect(paged.json<{ message: string }>().message).toBe(
      "The CSV export has every matching transaction: leave out page and pageSize",
    );
    const bad = await get("/api/transaction?format=csv&endDate=soon");
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(
      "endDate must be a date or an ISO 8601 date-time",
    );
  });
});

describe("CSV export of notes a spreadsheet could run", () => {
  /** What a spreadsheet would run, each as it might be stored (by hand, or before notes were trimmed). */
  const formulas = [
    "=1+1",
    "+1+1",
    "-2+3",
    "@SUM(A1:A2)",
    "|calc",
    "=cmd|' /C calc'!A0",
    "\uFF1D1+1",
    "\uFF0B1",
    "\uFF0D1",
    "\uFF20SUM(A1)",
    "\uFF5Ccalc",
    "   =1+1",
    "\u3000=1+1",
    "\t=1+1",
    "\tplain after a tab",
    "\r=1+1",
    "\n@SUM(A1)",
  ];
  const harmless = ["a note = fine", "1+1=2", "e-mail me", "'quoted already"];

  it("guards every one with a leading apostrophe and leaves other notes alone; an import of the file restores them", async () => {
    const own = await historyApp();
    const notes = [...formulas, ...harmless];
    for (const [i, note] of notes.entries()) {
      const day = String(i + 1).padStart(2, "0");
      await own.buy("STOCK", "AAPL", "1", "100", `2026-01-${day}T10:00:00Z`, note);
    }
    const exported = await own.t.app.inject({
      method: "GET",
      url: "/api/transaction?format=csv&sortBy=transactionDate&sortOrder=asc",
      headers: { authorization: `Bearer ${own.user.token}` },
    });
    expect(exported.statusCode).toBe(200);
    const rows = parse<{ notes: string }>(exported.body, { columns: true });
    expect(rows.map((row) => row.notes)).toEqual([
      ...formulas.map((note) => `'${note}`),
      ...harmless,
    ]);

    const other = await historyUser(own.t);
    const imported = await own.t.request("POST", "/api/import", {
      token: other.user.token,
      body: { source: "ledgerline", csv: exported.body },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const restored = await own.t.sql<{ notes: string }>(
      "SELECT notes FROM transactions WHERE user_id = ? ORDER BY transaction_date",
      [other.user.id],
    );
    expect(restored.map((row) => row.notes)).toEqual(notes);
    await own.t.close();
  });
});
