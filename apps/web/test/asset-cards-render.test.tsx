// @vitest-environment happy-dom
import type { SavedStock, StockSnapshot } from "@ledgerline/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { writeTicks } from "../src/components/assets/live-quotes";
import { stockAsset } from "../src/components/assets/stock";
import { useAssetActions } from "../src/components/assets/useAssetActions";
import type * as LiveQuotesModule from "../src/components/assets/live-quotes";
import type * as PricesAsOfModule from "../src/components/assets/PricesAsOf";
import type * as SnapshotFiguresModule from "../src/components/stocks/SnapshotFigures";
import { StockCardGrid } from "../src/components/stocks/StockCards";
import { useWatchlistFrame } from "../src/components/stocks/stock-queries";
import { trpc } from "../src/lib/trpc";

// No price stream in these tests: the ticks are written into the cache by hand.
vi.mock("../src/components/assets/live-quotes", async (original) => ({
  ...(await original<typeof LiveQuotesModule>()),
  useLiveQuotes: () => {},
}));

// Each card draws its figures once per render of the card: counted per symbol.
const drawn = vi.hoisted(() => [] as string[]);
vi.mock("../src/components/stocks/SnapshotFigures", async (original) => {
  const { SnapshotFigures } = await original<typeof SnapshotFiguresModule>();
  return {
    SnapshotFigures: (props: Parameters<typeof SnapshotFigures>[0]) => {
      drawn.push(props.snapshot.symbol);
      return SnapshotFigures(props);
    },
  };
});

// The card's heading draws its stale-price notice once per render of the heading.
const headings = vi.hoisted(() => ({ drawn: 0 }));
vi.mock("../src/components/assets/PricesAsOf", async (original) => {
  const module = await original<typeof PricesAsOfModule>();
  return {
    ...module,
    PricesAsOf: (props: Parameters<typeof module.PricesAsOf>[0]) => {
      headings.drawn += 1;
      return module.PricesAsOf(props);
    },
  };
});

const snapshot = (symbol: string, price: string): StockSnapshot => ({
  symbol,
  companyName: `${symbol} Inc.`,
  price,
  change: "1",
  changePercent: 1,
  marketCap: 0,
  volume: 1000,
  timestamp: "2026-03-11T15:00:00.000Z",
  open: price,
  high: price,
  low: price,
  previousClose: price,
  marketStatus: "open",
});
const saved = (symbol: string, price: string): SavedStock => ({
  symbol,
  companyName: `${symbol} Inc.`,
  savedAt: "2026-03-01T15:00:00.000Z",
  stale: false,
  snapshot: snapshot(symbol, price),
});

// The dialogs' modules, counted as they load.
const loaded = vi.hoisted(() => ({ tradeDialogs: 0, alertForm: 0 }));
vi.mock("../src/components/trade/TradeDialog", async (original) => {
  loaded.tradeDialogs += 1;
  return original();
});
vi.mock("../src/components/assets/SetAlertForm", async (original) => {
  loaded.alertForm += 1;
  return original();
});

// The page around the cards, called once per render of it.
const pageDrawn = vi.fn();

/** The stock dashboard's frame and cards, as the page draws them from the cached watchlist. */
function Cards() {
  pageDrawn();
  const actions = useAssetActions(stockAsset);
  const watchlist = useWatchlistFrame();
  return (
    <>
      <p>{watchlist.data?.status}</p>
      <StockCardGrid watched={watchlist.data?.watched ?? []} actions={actions} />
      {actions.dialogs}
    </>
  );
}

function renderCards(queryClient: QueryClient) {
  const router = createRouter({
    routeTree: createRootRoute({ component: Cards }),
    history: createMemoryHistory(),
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

// The dashboard's watchlist query refreshes on mount: its request stays unanswered here, so the
// cached list is what the cards show.
vi.stubGlobal("fetch", () => new Promise(() => {}));

afterEach(cleanup);

describe("a live tick on the stock dashboard", () => {
  it("redraws the figures of the stock that moved, and no other card, its heading nor the page", async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Infinity, retry: false } },
    });
    queryClient.setQueryData(trpc.portfolio.list.queryKey(), []);
    queryClient.setQueryData(trpc.watchlist.list.queryKey(), [
      saved("AAPL", "150"),
      saved("KO", "60"),
      saved("MSFT", "400"),
    ]);
    renderCards(queryClient);
    await screen.findByRole("article", { name: "MSFT" });
    expect(drawn.filter((symbol) => symbol === "AAPL").length).toBeGreaterThan(0);

    drawn.length = 0;
    headings.drawn = 0;
    pageDrawn.mockClear();
    act(() =>
      writeTicks(queryClient, [
        {
          assetType: "STOCK",
          symbol: "AAPL",
          price: "151",
          at: Date.now(),
          quote: snapshot("AAPL", "151"),
        },
      ]),
    );
    await screen.findAllByText("$151.00");
    expect(drawn).toEqual(["AAPL"]);
    // Its heading, links and watchlist button show nothing a price changes: not drawn again.
    expect(headings.drawn).toBe(0);
    // The page reads only the symbols and the market status, which a price leaves as they were.
    expect(pageDrawn).not.toHaveBeenCalled();
  });
});

describe("the dashboard's dialogs", () => {
  it("load their code when one is first opened, not with the cards", async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Infinity, retry: false } },
    });
    queryClient.setQueryData(trpc.portfolio.list.queryKey(), []);
    queryClient.setQueryData(trpc.watchlist.list.queryKey(), [saved("AAPL", "150")]);
    renderCards(queryClient);
    const card = await screen.findByRole("article", { name: "AAPL" });
    expect(loaded).toEqual({ tradeDialogs: 0, alertForm: 0 });

    fireEvent.click(within(card).getByRole("button", { name: "Buy Stock" }));
    // The dialog's code is imported now: a loaded machine takes more than findBy's 1 s for it.
    expect(await screen.findByRole("dialog", {}, { timeout: 10_000 })).toBeTruthy();
    expect(loaded.tradeDialogs).toBe(1);
  });
});
