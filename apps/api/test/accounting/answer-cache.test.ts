import type { SavedStock, ValuedPosition } from "@ledgerline/contracts";
import { createMarketService, systemClock, type Clock } from "@ledgerline/market";
import { afterEach, describe, expect, it, vi } from "vitest";
import { refreshSnapshots } from "@ledgerline/api/accounting/portfolio-snapshots";
import { pinnedOpenMarket } from "../support/portfolio-support";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
afterEach(() => t.close());

/** A market clock the test moves by hand, starting in a regular session. */
function movableClock() {
  let now = Date.parse("2026-03-11T15:00:00Z");
  const clock: Clock = { ...systemClock, now: () => now };
  return { clock, advance: (ms: number) => (now += ms) };
}

type Answer = { status: number; body: unknown };
const trpcData = <T>(answer: Answer) => (answer.body as { result: { data: T } }).result.data;

async function signedIn(app: TestApp) {
  const user = await app.registerUser();
  const token = user.token;
  return {
    id: user.id,
    token,
    /** Buys AAPL over tRPC. */
    buy: (quantity: string) =>
      app.trpc(
        "mutation",
        "portfolio.buy",
        { symbol: "AAPL", quantity, purchasePrice: "100" },
        token,
      ),
    restPositions: async () =>
      (await app.request("GET", "/api/portfolio", { token })).body as unknown as {
        symbol: string;
        quantity: number;
        currentPrice: number;
      }[],
    trpcPositions: async () =>
      trpcData<ValuedPosition[]>(await app.trpc("query", "portfolio.list", undefined, token)),
  };
}

describe("hot reads answered from memory", () => {
  it("answers a repeated read from memory: a database change no write reported is not seen", async () => {
    t = await startTestApp({ market: pinnedOpenMarket() });
    const user = await signedIn(t);
    await user.buy("2");
    // The first read after a trade syncs corporate actions (a write); the second is kept.
    for (let read = 0; read < 2; read++) {
      expect((await user.restPositions())[0]?.quantity).toBe(2);
      expect((await user.trpcPositions())[0]?.quantity).toBe("2");
    }
    // The trade's recompute of holdings snapshots, which loads daily bars, has run: bars are not
    // quotes, so the kept answers stand (on a slow machine it used to finish between two reads).
    expect(await refreshSnapshots(t.app.deps, user.id)).not.toBeNull();
    // Behind the app's back (no repository write): the kept answers still stand.
    await t.sql("UPDATE positions SET quantity = '7'");
    expect((await user.restPositions())[0]?.quantity).toBe(2);
    expect((await user.trpcPositions())[0]?.quantity).toBe("2");
  });

  it("shows a trade on the next positions and transactions read, on both doors whichever door traded", async () => {
    t = await startTestApp({ market: pinnedOpenMarket() });
    const user = await signedIn(t);
    const page = { page: 1, pageSize: 25 };
    const restPage = async () =>
      (
        await t.request("GET", "/api/transaction", {
          token: user.token,
          query: { page: "1", pageSize: "25" },
        })
      ).body as unknown as unknown[];
    const trpcPage = async () =>
      trpcData<{ transactions: unknown[] }>(
        await t.trpc("query", "transactions.list", page, user.token),
      ).transactions;
    expect(await user.restPositions()).toEqual([]);
    expect(await user.trpcPositions()).toEqual([]);
    expect(await restPage()).toEqual([]);
    expect(await trpcPage()).toEqual([]);

    await user.buy("2");
    expect((await user.restPositions()).map((row) => row.quantity)).toEqual([2]);
    expect((await user.trpcPositions()).map((row) => row.quantity)).toEqual(["2"]);
    expect(await restPage()).toHaveLength(1);
    expect(await trpcPage()).toHaveLength(1);

    const bought = await t.request("POST", "/api/portfolio", {
      token: user.token,
      body: { symbol: "AAPL", quantity: 3, purchasePrice: 100 },
    });
    expect(bought.status).toBe(200);
    expect((await user.restPositions()).map((row) => row.quantity)).toEqual([5]);
    expect((await user.trpcPositions()).map((row) => row.quantity)).toEqual(["5"]);
    expect(await restPage()).toHaveLength(2);
    expect(await trpcPage()).toHaveLength(2);
  });

  it("shows a saved or removed stock on the next watchlist read, and keeps users' answers apart", async () => {
    t = await startTestApp({ market: pinnedOpenMarket() });
    const user = await signedIn(t);
    const other = await signedIn(t);
    const rest = async (token: string) =>
      ((await t.request("GET", "/api/savedstocks", { token })).body as unknown as SavedStock[]).map(
        (row) => row.symbol,
      );
    const trpc = async (token: string) =>
      trpcData<SavedStock[]>(await t.trpc("query", "watchlist.list", undefined, token)).map(
        (row) => row.symbol,
      );
    expect(await rest(user.token)).toEqual([]);
    expect(await trpc(user.token)).toEqual([]);
    await t.request("POST", "/api/savedstocks/MSFT", { token: user.token });
    expect(await rest(user.token)).toEqual(["MSFT"]);
    expect(await trpc(user.token)).toEqual(["MSFT"]);
    expect(await rest(other.token)).toEqual([]);
    expect(await trpc(other.token)).toEqual([]);
    await t.trpc("mutation", "watchlist.remove", { symbol: "MSFT" }, user.token);
    expect(await rest(user.token)).toEqual([]);
    expect(await trpc(user.token)).toEqual([]);
  });

  it("shows the admin a new, changed or deleted user on the next user-list read", async () => {
    t = await startTestApp({ market: pinnedOpenMarket() });
    const admin = await t.createAdmin();
    type Row = { email: string; isAdmin: boolean };
    const rows = (list: Row[]) => list.map((row) => `${row.email}${row.isAdmin ? " (admin)" : ""}`);
    const rest = async () =>
      rows((await t.request("GET", "/api/users", { token: admin.token })).body as unknown as Row[]);
    const trpc = async () =>
      rows(trpcData<Row[]>(await t.trpc("query", "users.list", undefined, admin.token)));
    const root = "root@example.com (admin)";
    for (let read = 0; read < 2; read++) {
      expect(await rest()).toEqual([root]);
      expect(await trpc()).toEqual([root]);
    }
    const user = await t.registerUser({ email: "new@example.com" });
    expect(await rest()).toEqual([root, "new@example.com"]);
    expect(await trpc()).toEqual([root, "new@example.com"]);
    const changed = await t.request("POST", "/api/users/update-email", {
      token: user.token,
      body: { newEmail: "changed@example.com", currentPassword: user.password },
    });
    expect(changed.status).toBe(200);
    expect(await rest()).toEqual([root, "changed@example.com"]);
    expect(await trpc()).toEqual([root, "changed@example.com"]);
    // A role changes through the repositories (no route grants one; pnpm admin:create does).
    await t.app.deps.repos.users.setAdmin(user.id, true);
    expect(await rest()).toEqual([root, "changed@example.com (admin)"]);
    expect(await trpc()).toEqual([root, "changed@example.com (admin)"]);
    await t.app.deps.repos.users.setAdmin(user.id, false);
    expect(
      (await t.request("DELETE", `/api/users/${user.id}`, { token: admin.token })).status,
    ).toBe(200);
    expect(await rest()).toEqual([root]);
    expect(await trpc()).toEqual([root]);
  });

  it("answers a kept user list without checking the admin again: no two-factor lookup per read", async () => {
    t = await startTestApp({ market: pinnedOpenMarket(), env: { ADMIN_MFA_REQUIRED: "true" } });
    const admin = await t.createAdmin();
    // The admin has two-factor sign-in on, as far as the admin check can tell.
    const lookups = vi.spyOn(t.app.deps.repos.mfa, "isEnabled").mockResolvedValue(true);
    const read = async () => {
      expect((await t.request("GET", "/api/users", { token: admin.token })).status).toBe(200);
      expect((await t.trpc("query", "users.list", undefined, admin.token)).status).toBe(200);
    };
    await read();
    const whileBuilt = lookups.mock.calls.length;
    expect(whileBuilt).toBeGreaterThan(0);
    await read();
    await read();
    expect(lookups).toHaveBeenCalledTimes(whileBuilt);
    // A change to who may read it (two-factor turned off) ends the kept answers.
    lookups.mockResolvedValue(false);
    await t.app.deps.repos.mfa.disable(admin.id);
    expect((await t.request("GET", "/api/users", { token: admin.token })).status).toBe(403);
    expect((await t.trpc("query", "users.list", undefined, admin.token)).status).toBe(403);
  });

  /** A holder of AAPL on a market whose clock the test moves, with the positions read kept. */
  async function heldOnMovingMarket() {
    const time = movableClock();
    const market = createMarketService({ clock: time.clock });
    t = await startTestApp({ market });
    const user = await signedIn(t);
    await user.buy("2");
    // The first read after a trade syncs corporate actions (a write); the second is kept.
    await user.trpcPositions();
    await user.restPositions();
    const before = (await user.trpcPositions())[0]!.currentPrice;
    expect((await user.restPositions())[0]!.currentPrice).toBe(Number(before));
    return { time, market, user, before };
  }

  it("values positions at a new quote as soon as the market stores it (a live tick)", async () => {
    const { time, market, user, before } = await heldOnMovingMarket();
    // Well within the quote's freshness: only the tick makes the market hold a new price.
    time.advance(5_000);
    const tick = await market.stocks.liveSnapshot("AAPL");
    expect(tick.price).not.toBe(before);
    expect((await user.trpcPositions())[0]!.currentPrice).toBe(tick.price);
    expect((await user.restPositions())[0]!.currentPrice).toBe(Number(tick.price));
  });

  it("values positions at the refreshed quote once the kept one is no longer fresh", async () => {
    const { time, market, user, before } = await heldOnMovingMarket();
    time.advance(61_000);
    const trpcAfter = (await user.trpcPositions())[0]!.currentPrice;
    const restAfter = (await user.restPositions())[0]!.currentPrice;
    // Asked after the reads, so it is the quote they should have fetched, not a newer one.
    const now = (await market.stocks.getSnapshot("AAPL")).price;
    expect(now).not.toBe(before);
    expect(trpcAfter).toBe(now);
    expect(restAfter).toBe(Number(now));
  });

  it("shows a watched quote's age as it grows", async () => {
    const time = movableClock();
    t = await startTestApp({ market: createMarketService({ clock: time.clock }) });
    const user = await signedIn(t);
    await t.trpc("mutation", "watchlist.save", { symbol: "MSFT" }, user.token);
    const age = async () =>
      trpcData<SavedStock[]>(await t.trpc("query", "watchlist.list", undefined, user.token))[0]!
        .snapshot!.ageSeconds;
    const restAge = async () =>
      (
        (await t.request("GET", "/api/savedstocks", { token: user.token })).body as unknown as {
          ageSeconds: number;
        }[]
      )[0]!.ageSeconds;
    const first = await age();
    expect(await restAge()).toBe(first);
    time.advance(1_000);
    expect(await age()).toBe(first! + 1);
    expect(await restAge()).toBe(first! + 1);
  });
  it("builds an answer once for reads that miss together, and again for each when that build fails", async () => {
    t = await startTestApp({ market: pinnedOpenMarket() });
    const user = await signedIn(t);
    await t.trpc("mutation", "watchlist.save", { symbol: "MSFT" }, user.token);
    const lists = vi.spyOn(t.app.deps.repos.stockWatchlist, "list");
    const together = () =>
      Promise.all(
        Array.from({ length: 4 }, () => [
          t.request("GET", "/api/savedstocks", { token: user.token }),
          t.trpc("query", "watchlist.list", undefined, user.token),
        ]).flat(),
      );
    const answers = await together();
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    // One build per door: the other three of each got the bytes it built.
    expect(lists).toHaveBeenCalledTimes(2);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(2);

    // A write ends the kept answers; the next build on each door fails, and one of those
    // waiting for it builds again for the others rather than share a failure.
    await t.trpc("mutation", "watchlist.save", { symbol: "AAPL" }, user.token);
    lists.mockClear();
    lists
      .mockRejectedValueOnce(new Error("database gone"))
      .mockRejectedValueOnce(new Error("database gone"));
    const again = await together();
    expect(again.map((answer) => answer.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 500, 500,
    ]);
    expect(lists).toHaveBeenCalledTimes(4);
  });
});
