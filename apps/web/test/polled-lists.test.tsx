// @vitest-environment happy-dom
import { STOCK_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import { act, renderHook, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useWatchlist } from "../src/components/stocks/stock-queries";
import { stockWatchlistQuery } from "../src/components/stocks/stock-reads";
import { queryClient, trpc } from "../src/lib/trpc";
import { fakeTrpcServer, QueryWrapper } from "./support/fake-trpc-server";

let failing = false;
const { reads } = fakeTrpcServer({
  "watchlist.list": () =>
    failing
      ? { error: { message: "down", code: -32603, data: { httpStatus: 500 } }, status: 500 }
      : { data: [] },
});
beforeEach(() => {
  failing = false;
});

// What the stock dashboard's and stock search's loaders read, with the page's code.
const loaderRead = () => queryClient.prefetchQuery(stockWatchlistQuery({ autoRefresh: true }));

describe("a polled list read by its route's loader", () => {
  it("is shown as the page mounts, not read again, and is read again one interval later", async () => {
    await loaderRead();
    expect(reads["watchlist.list"]).toBe(1);
    const { result } = renderHook(() => useWatchlist({ autoRefresh: true }), {
      wrapper: QueryWrapper,
    });
    expect(result.current.data).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reads["watchlist.list"]).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(STOCK_REFRESH_INTERVAL_MS));
    await waitFor(() => expect(reads["watchlist.list"]).toBe(2));
  });

  it("is not retried when the read fails: the page shows its failure at once", async () => {
    failing = true;
    await loaderRead();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(reads["watchlist.list"]).toBe(1);
    expect(queryClient.getQueryState(trpc.watchlist.list.queryKey())?.status).toBe("error");
  });
});
