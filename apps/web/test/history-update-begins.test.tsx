// @vitest-environment happy-dom
import { useQuery } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HistoryUpdating } from "../src/components/portfolio/HistoryUpdating";
import { trpc } from "../src/lib/trpc";
import { fakeTrpcServer, QueryWrapper } from "./support/fake-trpc-server";

let updatingFrom = 1;
const { reads } = fakeTrpcServer({
  // A back-dated buy made elsewhere (the API, another tab) before the `updatingFrom`th read.
  "portfolioSummary.historyUpdate": (read) => ({
    data: read >= updatingFrom ? { updating: true, from: "2026-02-02" } : { updating: false },
  }),
  "portfolioSummary.get": (read) => ({ data: { totalValue: String(read * 100) } }),
});

/** A screen with the banner and the portfolio's value, as the landing page shows them. */
function Screen() {
  const summary = useQuery(trpc.portfolioSummary.get.queryOptions());
  const value = (summary.data as { totalValue?: string } | undefined)?.totalValue;
  return (
    <>
      <HistoryUpdating />
      <p>Value {value ?? "..."}</p>
    </>
  );
}

describe("a screen that learns a history update began", () => {
  it("reads the value again at once, the change included, instead of after the recompute", async () => {
    updatingFrom = 2;
    const first = render(<Screen />, { wrapper: QueryWrapper });
    await screen.findByText("Value 100");
    first.unmount();
    // Opened again after the buy: the cached value shows, the update is learnt, the value re-read.
    render(<Screen />, { wrapper: QueryWrapper });
    await screen.findByText("Updating history from Feb 2, 2026...");
    await screen.findByText("Value 200");
    expect(reads["portfolioSummary.get"]).toBe(2);
  });

  it("reads nothing twice when the screen's first answer already says it is updating", async () => {
    updatingFrom = 1;
    render(<Screen />, { wrapper: QueryWrapper });
    await screen.findByText("Updating history from Feb 2, 2026...");
    await screen.findByText("Value 100");
    await waitFor(() => expect(reads["portfolioSummary.historyUpdate"]).toBe(1));
    expect(reads["portfolioSummary.get"]).toBe(1);
  });
});
