// @vitest-environment happy-dom
import type { MarketMovers as Movers } from "@ledgerline/contracts";
import { notifyManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { flushSync } from "react-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { trpc } from "../src/lib/trpc";
import { MarketMovers } from "../src/routes/_app/search-area/-components/MarketMovers";

// What a phone's first load does after the page's first render, here outside act(): React's own
// scheduling, as in the browser.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

beforeEach(() => {
  // The market movers' read stays unanswered: the test lands it by hand.
  vi.stubGlobal("fetch", () => new Promise(() => {}));
});

afterEach(() => {
  cleanup();
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  vi.unstubAllGlobals();
});

function inRouter(page: () => ReactNode, queryClient: QueryClient) {
  const router = createRouter({
    routeTree: createRootRoute({ component: page }),
    history: createMemoryHistory(),
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const mover = (symbol: string) => ({
  symbol,
  price: "10",
  changePercent: 1.5,
  volume: 1000,
  marketStatus: "open",
});

describe("the search page's market movers", () => {
  it("draw a read that lands in a render of their own, after the query's update", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    inRouter(() => <MarketMovers refreshMs={60_000} />, queryClient);
    await screen.findByText("Loading Market Movers");

    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    // The query tells its observers at once, and React draws that update before flushSync returns.
    notifyManager.setScheduler((callback) => callback());
    const movers: Movers = {
      gainers: [mover("AAA")],
      losers: [mover("ZZZ")],
      marketStatus: "open",
      lastUpdate: "2026-03-11T15:00:00.000Z",
    };
    flushSync(() => queryClient.setQueryData(trpc.market.movers.queryKey(), movers));
    // The query's update left the loading layout up (not the failure panel) ...
    expect(screen.getByText("Loading Market Movers")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    // ... and the tables follow in the deferred render.
    expect(await screen.findByRole("table", { name: "Top 10 Gainers" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "ZZZ" })).toBeTruthy();
    expect(screen.queryByText("Loading Market Movers")).toBeNull();
  });
});
