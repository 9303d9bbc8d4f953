import {
  LOTS_PAGE_MAX,
  taxMessages,
  type HarvestReport,
  type LotsPage,
  type TaxLot,
} from "@ledgerline/contracts";
import { compare, sum } from "@ledgerline/money";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { signIn, stocksApp } from "../support/portfolio-support";

const apps = appPerTest();

/**
 * Issue 29: the lots and the harvest come a page at a time. Five AAPL lots, each bought far above
 * today's price on its own day (so each is at a loss, of a different size), the dearest last.
 */
async function fiveLots() {
  const app = await apps.open(stocksApp());
  const ids: string[] = [];
  for (const [index, price] of ["1000", "2000", "3000", "4000", "5000"].entries()) {
    const bought = await app.buy({
      symbol: "AAPL",
      quantity: "2",
      purchasePrice: price,
      purchaseDate: `2025-0${index + 1}-02T15:00:00Z`,
    });
    expect(bought.status).toBe(200);
    ids.push(String(bought.data.transaction.id));
  }
  const get = async <T>(url: string, token = app.token) => {
    const response = await apps.t.request("GET", `/api${url}`, { token });
    return { status: response.status, body: response.body as unknown as T };
  };
  return { ...app, ids, get };
}

/** Every page of `url` (a query string already there), `limit` at a time. */
async function everyPage<T extends { nextCursor: string | null }>(
  get: (url: string) => Promise<{ status: number; body: T }>,
  url: string,
  limit: number,
): Promise<T[]> {
  const pages: T[] = [];
  let cursor: string | null = null;
  do {
    const at: string = cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`;
    const page = await get(`${url}&limit=${limit}${at}`);
    expect(page.status).toBe(200);
    pages.push(page.body);
    cursor = page.body.nextCursor;
  } while (cursor !== null && pages.length < 10);
  return pages;
}

describe("a page of lots", () => {
  it("pages through the lots in the one list's order, limit at a time, the last page saying so", async () => {
    const { get, ids } = await fiveLots();
    const whole = await get<LotsPage>("/lots?open=false");
    expect(whole.body.lots.map((lot) => lot.lotId)).toEqual(ids);
    expect(whole.body.nextCursor).toBeNull();

    const pages = await everyPage((url) => get<LotsPage>(url), "/lots?open=false", 2);
    expect(pages.map((page) => page.lots.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((page) => page.lots)).toEqual(whole.body.lots);
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it("pages the same way through tRPC, whose first page has a null cursor", async () => {
    const { call, ids } = await fiveLots();
    const first = await call<LotsPage>("query", "tax.lots", { limit: 3, cursor: null });
    expect(first.data.lots.map((lot) => lot.lotId)).toEqual(ids.slice(0, 3));
    const second = await call<LotsPage>("query", "tax.lots", {
      limit: 3,
      cursor: first.data.nextCursor,
    });
    expect(second.data.lots.map((lot) => lot.lotId)).toEqual(ids.slice(3));
    expect(second.data.nextCursor).toBeNull();
  });

  it("neither repeats nor skips a lot when one sells out between pages", async () => {
    const { get, sell, positions, ids } = await fiveLots();
    const first = await get<LotsPage>("/lots?limit=2");
    expect(first.body.lots.map((lot) => lot.lotId)).toEqual(ids.slice(0, 2));
    // First in, first out: the oldest lot sells out and leaves the open list.
    const positionId = (await positions()).data[0]!.id;
    expect((await sell({ positionId, quantity: "2", price: "100" })).status).toBe(200);
    const next = await get<LotsPage>(
      `/lots?limit=2&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
    );
    expect(next.body.lots.map((lot) => lot.lotId)).toEqual(ids.slice(2, 4));
  });
});

describe("a page of the harvest", () => {
  it("weighs every lot at a loss for its order, count and total, and returns a page of them", async () => {
    const { get, ids } = await fiveLots();
    const whole = await get<HarvestReport>("/tax/harvest");
    expect(whole.status).toBe(200);
    // Largest loss first: the dearest buy.
    expect(whole.body.lots.map((lot) => lot.lotId)).toEqual([...ids].reverse());
    expect(whole.body.count).toBe(5);
    expect(compare(whole.body.totalLoss, sum(whole.body.lots.map((lot) => lot.loss)))).toBe(0);

    const pages = await everyPage((url) => get<HarvestReport>(url), "/tax/harvest?", 2);
    expect(pages.map((page) => page.lots.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((page) => page.lots)).toEqual(whole.body.lots);
    for (const page of pages) {
      expect([page.count, page.totalLoss]).toEqual([5, whole.body.totalLoss]);
    }
  });
});

describe("cursors and limits that are not right", () => {
  it("refuses another user's cursor with a 400 and shows none of their lots", async () => {
    const { get, t: app } = await fiveLots();
    const mine = await get<LotsPage>("/lots?limit=2");
    const other = await signIn(app);
    const bought = await other.buy({ symbol: "AAPL", quantity: "1", purchasePrice: "10" });
    expect(bought.status).toBe(200);
    for (const url of ["/lots?limit=2", "/tax/harvest?limit=2"]) {
      const theirs = await get<{ message: string } & Partial<LotsPage>>(
        `${url}&cursor=${encodeURIComponent(mine.body.nextCursor!)}`,
        other.token,
      );
      expect(theirs.status).toBe(400);
      expect(theirs.body.lots).toBeUndefined();
      expect(JSON.stringify(theirs.body)).toContain(taxMessages.cursorInvalid);
    }
  });

  it("refuses a cursor of the other list, or one that is not a cursor, with a 400", async () => {
    const { get } = await fiveLots();
    const lotsCursor = (await get<LotsPage>("/lots?limit=2")).body.nextCursor!;
    const forged = Buffer.from(JSON.stringify({ offset: 2 })).toString("base64url");
    const negative = Buffer.from(JSON.stringify([1, "lots", -4, "1"])).toString("base64url");
    for (const url of [
      `/tax/harvest?cursor=${encodeURIComponent(lotsCursor)}`,
      "/lots?cursor=not-a-cursor",
      `/lots?cursor=${forged}`,
      `/lots?cursor=${negative}`,
      `/lots?cursor=${"x".repeat(600)}`,
    ]) {
      const refused = await get<unknown>(url);
      expect(refused.status, url).toBe(400);
      expect(JSON.stringify(refused.body), url).toContain(taxMessages.cursorInvalid);
    }
  });

  it("refuses a limit that is not a whole number from 1 to the most a page holds", async () => {
    const { get, call } = await fiveLots();
    for (const limit of ["0", String(LOTS_PAGE_MAX + 1), "1.5", "ten", "-3"]) {
      for (const url of [`/lots?limit=${limit}`, `/tax/harvest?limit=${limit}`]) {
        const refused = await get<unknown>(url);
        expect(refused.status, url).toBe(400);
        expect(JSON.stringify(refused.body), url).toContain(taxMessages.limitInvalid);
      }
    }
    const trpc = await call<TaxLot[]>("query", "tax.lots", { limit: LOTS_PAGE_MAX + 1 });
    expect([trpc.status, trpc.message]).toEqual([400, taxMessages.limitInvalid]);
    const most = await get<LotsPage>(`/lots?limit=${LOTS_PAGE_MAX}`);
    expect(most.status).toBe(200);
  });
});
