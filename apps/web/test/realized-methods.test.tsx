// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RealizedMethods } from "../src/routes/_app/portfolio-summary/-components/RealizedMethods";

afterEach(cleanup);

describe("the Explain panel's cost-basis method", () => {
  it("names the one method the accounts share", () => {
    render(<RealizedMethods methods={[{ method: "fifo", accounts: [{ id: 1, name: "Main" }] }]} />);
    expect(screen.getByTestId("realized-method").textContent).toBe(
      "Realized gain by first-in, first-out (FIFO) lots.",
    );
  });

  it("lists each method with its accounts when they differ", () => {
    render(
      <RealizedMethods
        methods={[
          { method: "fifo", accounts: [{ id: 1, name: "Main" }] },
          { method: "average", accounts: [{ id: 2, name: "Old" }] },
        ]}
      />,
    );
    const items = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(items).toEqual([
      "Realized gain by first-in, first-out (FIFO) lots: Main",
      "Realized gain by average cost: quantity × (sell price − average price at the time): Old",
    ]);
  });
});
