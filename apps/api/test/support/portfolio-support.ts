import type { PositionView, SavedStock, TradeResult } from "@ledgerline/contracts";
import { createMarketService, fixedClock } from "@ledgerline/market";
import { vi } from "vitest";
import { startTestApp, type TestApp, type TestAppOptions } from "./test-app";

/** A Wednesday in a regular session: prices stand still, so tests can compare them exactly. */
export const pinnedOpenMarket = () =>
  createMarketService({ clock: fixedClock(new Date("2026-03-11T15:00:00Z")) });

interface TrpcAnswer<T> {
  status: number;
  data: T;
  message: string | undefined;
}

/** A signed-in user on a fresh app, with typed shortcuts to the stock procedures. */
export async function stocksApp(options: TestAppOptions = {}) {
  const t = await startTestApp({ market: pinnedOpenMarket(), ...options });
  return { t, ...(await signIn(t)) };
}

/** `stocksApp` with a REST shortcut under /api that carries the user's token. */
export async function stocksRestApp(options: TestAppOptions = {}) {
  const app = await stocksApp(options);
  const rest = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
    app.t.request(method, `/api${url}`, { token: app.token, body });
  return { ...app, rest };
}

export async function signIn(t: TestApp) {
  const user = await t.registerUser();
  const token = user.token;

  async function call<T>(
    kind: "query" | "mutation",
    path: string,
    input?: unknown,
  ): Promise<TrpcAnswer<T>> {
    const response = await t.trpc(kind, path, input, token);
    const body = response.body as unknown as {
      result?: { data: T };
      error?: { message: string };
    };
    return {
      status: response.status,
      data: body.result?.data as T,
      message: body.error?.message,
    };
  }

  return {
    user,
    token,
    call,
    watchlist: () => call<SavedStock[]>("query", "watchlist.list"),
    save: (symbol: string) => call<SavedStock>("mutation", "watchlist.save", { symbol }),
    remove: (symbol: string) =>
      call<{ message: string }>("mutation", "watchlist.remove", { symbol }),
    positions: () => call<PositionView[]>("query", "portfolio.list"),
    buy: (input: Record<string, unknown>) => call<TradeResult>("mutation", "portfolio.buy", input),
    buyMore: (input: Record<string, unknown>) =>
      call<TradeResult>("mutation", "portfolio.buyMore", input),
    sell: (input: Record<string, unknown>) =>
      call<TradeResult>("mutation", "portfolio.sell", input),
    /**
     * Waits until no recompute of the user's history runs: until then the history-bound reads
     * answer from the days stored before the last back-dated trade (`updating`).
     */
    historyStored: () =>
      vi.waitFor(
        async () => {
          const answer = await call<{ updating: boolean }>(
            "query",
            "portfolioSummary.historyUpdate",
          );
          if (answer.data.updating) throw new Error("The history is still updating");
        },
        { timeout: 10_000, interval: 20 },
      ),
    snapshotPrice: async (symbol: string) =>
      (await call<{ price: string }>("query", "market.snapshot", { symbol })).data.price,
  };
}

export type SignedIn = Awaited<ReturnType<typeof signIn>>;
