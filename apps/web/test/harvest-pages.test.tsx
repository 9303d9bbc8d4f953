// @vitest-environment happy-dom
import type { HarvestReport } from "@ledgerline/contracts";
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HarvestPages } from "../src/routes/_app/taxes/-components/HarvestSection";

afterEach(cleanup);

/** The lots' symbols are links: the rows are drawn inside a router. */
function inRouter(node: ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => node }),
    history: createMemoryHistory(),
  });
  return render(<RouterProvider router={router} />);
}

const candidate = (lotId: string, loss: string): HarvestReport["lots"][number] => ({
  lotId,
  accountId: 1,
  symbol: "AAPL",
  assetType: "STOCK",
  acquiredAt: "2025-01-02",
  holdingPeriodFrom: "2025-01-02",
  quantity: "2",
  remaining: "2",
  costBasis: "2000",
  washSaleAdjustment: "0",
  term: "long",
  currentPrice: "100",
  unrealizedGain: `-${loss}`,
  loss,
  washSaleWarning: null,
});

const page = (lots: HarvestReport["lots"], nextCursor: string | null): HarvestReport => ({
  lots,
  count: 3,
  totalLoss: "5400",
  notes: [],
  nextCursor,
});
const accounts = [{ id: 1, name: "Main" }] as never;
const lossCells = () => screen.getAllByText(/^\$[\d,]+\.\d\d$/).map((cell) => cell.textContent);

describe("the harvest's pages on the Taxes screen", () => {
  it("shows the first page, how many of all it is, and a control for the next", async () => {
    const load = vi.fn();
    inRouter(
      <HarvestPages
        pages={[page([candidate("5", "2400"), candidate("4", "1800")], "next")]}
        accounts={accounts}
        more={{ loading: false, load }}
      />,
    );
    expect((await screen.findByTestId("harvest-count")).textContent).toBe(
      "Showing 2 of 3 lots at a loss, $5,400.00 in all.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(load).toHaveBeenCalledOnce();
  });

  it("lists the pages read one after the other, with no control after the last", async () => {
    inRouter(
      <HarvestPages
        pages={[
          page([candidate("5", "2400"), candidate("4", "1800")], "next"),
          page([candidate("3", "1200")], null),
        ]}
        accounts={accounts}
        more={undefined}
      />,
    );
    await screen.findByTestId("harvest-count");
    expect(lossCells()).toEqual(expect.arrayContaining(["$2,400.00", "$1,800.00", "$1,200.00"]));
    expect(screen.getByTestId("harvest-count").textContent).toBe(
      "Showing 3 of 3 lots at a loss, $5,400.00 in all.",
    );
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });
});
