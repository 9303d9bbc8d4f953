// @vitest-environment happy-dom
import { STOCK_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useWatchlist } from "../src/components/stocks/stock-queries";
import { polled, queryClient, trpc } from "../src/lib/trpc";

let reads = 0;
let failing = false;

beforeEach(() => {
  reads = 0;
  failing = false;
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"],
  });
  vi.stubGlobal("fetch", (url: string) => {
    if (!String(url).includes("watchlist.list")) return new Promise(() => {});
    reads += 1;
    const body = failing
      ? [{ error: { message: "down", code: -32603, data: { httpStatus: 500 } } }]
      : [{ result: { data: [] } }];
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: failing ? 500 : 200,
        headers: { "content-type": "application/json" },
      }),
    );
  });
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

// What the stock dashboard's and stock search's loaders read, with the page's code.
const loaderRead = () =>
  queryClient.prefetchQuery(polled(trpc.watchlist.list.queryOptions(), STOCK_REFRESH_INTERVAL_MS));

describe("a polled list read by its route's loader", () => {
  it("is shown as the page mounts, not read again, and is read again one interval later", async () => {
    await loaderRead();
    expect(reads).toBe(1);
    const { result } = renderHook(() => useWatchlist({ autoRefresh: true }), { wrapper });
    expect(result.current.data).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reads).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(STOCK_REFRESH_INTERVAL_MS));
    await waitFor(() => expect(reads).toBe(2));
  });

  it("is not retried when the read fails: the page shows its failure at once", async () => {
    failing = true;
    await loaderRead();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(reads).toBe(1);
    expect(queryClient.getQueryState(trpc.watchlist.list.queryKey())?.status).toBe("error");
  });
});
