// @vitest-environment happy-dom
import { CRYPTO_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useCryptoPositions, useCryptoQuote } from "../src/components/crypto/crypto-queries";
import { coinQuoteQuery, cryptoPositionsQuery } from "../src/components/crypto/crypto-reads";
import { queryClient } from "../src/lib/trpc";
import { fakeTrpcServer, QueryWrapper } from "./support/fake-trpc-server";

const { reads } = fakeTrpcServer({
  "crypto.quote": () => ({
    error: {
      message: "Cryptocurrency not found",
      code: -32004,
      data: { code: "NOT_FOUND", httpStatus: 404, path: "crypto.quote" },
    },
    status: 404,
  }),
  "cryptoPortfolio.list": () => ({ data: [] }),
});

describe("a screen that keeps the crypto positions fresh", () => {
  it("shows the positions its route's loader read, without asking for them again", async () => {
    // As the coin page's loader does, with the route's code.
    await queryClient.ensureQueryData(cryptoPositionsQuery({ autoRefresh: true }));
    expect(reads["cryptoPortfolio.list"]).toBe(1);
    const { result } = renderHook(() => useCryptoPositions({ autoRefresh: true }), {
      wrapper: QueryWrapper,
    });
    expect(result.current.data).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reads["cryptoPortfolio.list"]).toBe(1);
    // And keeps them fresh from then on.
    await act(() => vi.advanceTimersByTimeAsync(CRYPTO_REFRESH_INTERVAL_MS));
    await waitFor(() => expect(reads["cryptoPortfolio.list"]).toBe(2));
  });
});

describe("the page of a coin that does not exist", () => {
  it("keeps the answer its route's loader got: no second read, no loading layout again", async () => {
    await expect(queryClient.ensureQueryData(coinQuoteQuery("NOPE"))).rejects.toThrow(
      "Cryptocurrency not found",
    );
    expect(reads["crypto.quote"]).toBe(1);
    const { result } = renderHook(() => useCryptoQuote("NOPE"), { wrapper: QueryWrapper });
    expect(result.current.isError).toBe(true);
    // Neither as it mounts (the page's layout would become the loading layout's, twice the
    // height, and shrink back: the footer moved, CLS 0.11) nor at the next refresh.
    await act(() => vi.advanceTimersByTimeAsync(2 * CRYPTO_REFRESH_INTERVAL_MS));
    expect(result.current.isError).toBe(true);
    expect(reads["crypto.quote"]).toBe(1);
  });
});
