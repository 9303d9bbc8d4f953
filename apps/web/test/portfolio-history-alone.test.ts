import { afterEach, describe, expect, it, vi } from "vitest";
import {
  portfolioHistoryQuery,
  portfolioSummaryQuery,
} from "../src/components/portfolio/portfolio-reads";
import { queryClient } from "../src/lib/trpc";

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe("the summary's loader during a back-dated change's recompute", () => {
  it("has the figures while the chart's history still waits for the recompute", async () => {
    const asked: string[] = [];
    // The server as it is while the history is recomputed: the figures answer at once, the
    // history (and any batch holding it) only when the recompute ends, here never.
    vi.stubGlobal("fetch", (url: string) => {
      asked.push(decodeURIComponent(new URL(url, "http://app").pathname));
      if (String(url).includes("portfolioSummary.history")) return new Promise(() => {});
      const summary = { result: { data: { total: { currentValue: "500" } } } };
      return Promise.resolve(
        new Response(JSON.stringify([summary]), {
          headers: { "content-type": "application/json" },
        }),
      );
    });
    // As the summary route's loader asks for them: together.
    void queryClient.prefetchQuery(portfolioHistoryQuery("1Y"));
    const figures = await queryClient.ensureQueryData(portfolioSummaryQuery({ autoRefresh: true }));

    expect(figures).toEqual({ total: { currentValue: "500" } });
    expect(asked).toEqual(["/api/trpc/portfolioSummary.history", "/api/trpc/portfolioSummary.get"]);
  });
});
