// @vitest-environment happy-dom
import { CRYPTO_SEARCH_HISTORY_KEY } from "@ledgerline/contracts/browser";
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useCoinSearch } from "../src/routes/_app/crypto/-components/useCoinSearch";
import { queryClient } from "../src/lib/trpc";
import { QueryWrapper } from "./support/fake-trpc-server";

vi.mock("@tanstack/react-router", () => ({ useNavigate: () => () => Promise.resolve() }));

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the crypto search's history", () => {
  it("stays empty when cleared before the search under way is answered", async () => {
    // The page (re)opened on a coin's address: its quote is asked and answers when told to.
    let answer: (() => void) | undefined;
    vi.stubGlobal(
      "fetch",
      () =>
        new Promise<Response>((resolve) => {
          answer = () =>
            resolve(
              new Response(
                JSON.stringify([{ result: { data: { symbol: "DOGE", changePercent: "1.5" } } }]),
                { headers: { "content-type": "application/json" } },
              ),
            );
        }),
    );
    const { result } = renderHook(() => useCoinSearch("DOGE"), { wrapper: QueryWrapper });
    await waitFor(() => expect(answer).toBeDefined());

    act(() => result.current.clear());
    await act(async () => answer!());
    await waitFor(() => expect(result.current.quote.isSuccess).toBe(true));

    expect(result.current.history).toEqual([]);
    expect(JSON.parse(localStorage.getItem(CRYPTO_SEARCH_HISTORY_KEY) ?? "[]")).toEqual([]);
  });
});
