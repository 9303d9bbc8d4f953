// @vitest-environment happy-dom
import { CRYPTO_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCryptoPositions, useCryptoQuote } from "../src/components/crypto/crypto-queries";
import { queryClient, trpc } from "../src/lib/trpc";

let reads = 0;
let quoteReads = 0;

beforeEach(() => {
  reads = 0;
  quoteReads = 0;
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"],
  });
  vi.stubGlobal("fetch", (url: string) => {
    if (String(url).includes("crypto.quote")) {
      quoteReads += 1;
      const notFound = {
        message: "Cryptocurrency not found",
        code: -32004,
        data: { code: "NOT_FOUND", httpStatus: 404, path: "crypto.quote" },
      };
      return Promise.resolve(
        new Response(JSON.stringify([{ error: notFound }]), {
          status: 404,
          headers: { "content-type": "application/json" },
        }),
      );
    }
    if (!String(url).includes("cryptoPortfolio.list")) return new Promise(() => {});
    reads += 1;
    return Promise.resolve(
      new Response(JSON.stringify([{ result: { data: [] } }]), {
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

describe("a screen that keeps the crypto positions fresh", () => {
  it("shows the positions its route's loader read, without asking for them again", async () => {
    // As the coin page's loader does, with the route's code.
    await queryClient.ensureQueryData(trpc.cryptoPortfolio.list.queryOptions());
    expect(reads).toBe(1);
    const { result } = renderHook(() => useCryptoPositions({ autoRefresh: true }), { wrapper });
    expect(result.current.data).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reads).toBe(1);
    // And keeps them fresh from then on.
    await act(() => vi.advanceTimersByTimeAsync(CRYPTO_REFRESH_INTERVAL_MS));
    await waitFor(() => expect(reads).toBe(2));
  });
});

describe("the page of a coin that does not exist", () => {
  it("keeps the answer its route's loader got: no second read, no loading layout again", async () => {
    await expect(
      queryClient.ensureQueryData(trpc.crypto.quote.queryOptions({ symbol: "NOPE" })),
    ).rejects.toThrow("Cryptocurrency not found");
    expect(quoteReads).toBe(1);
    const { result } = renderHook(() => useCryptoQuote("NOPE"), { wrapper });
    expect(result.current.isError).toBe(true);
    // Neither as it mounts (the page's layout would become the loading layout's, twice the
    // height, and shrink back: the footer moved, CLS 0.11) nor at the next refresh.
    await act(() => vi.advanceTimersByTimeAsync(2 * CRYPTO_REFRESH_INTERVAL_MS));
    expect(result.current.isError).toBe(true);
    expect(quoteReads).toBe(1);
  });
});
