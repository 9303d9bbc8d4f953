// @vitest-environment happy-dom
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { act, cleanup, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DataTable } from "../src/components/ui/DataTable";

// The frame's callback runs here outside act(), as in the browser.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

// The observer's reports are not what these tests are about: it never reports.
beforeEach(() => {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  vi.unstubAllGlobals();
});

interface Row {
  name: string;
}
const column = createColumnHelper<Row>();
const columns = [column.accessor("name", { header: "Name" })];

function Table() {
  const table = useReactTable({
    data: [{ name: "Dana" }],
    columns,
    getCoreRowModel: getCoreRowModel(),
  });
  return <DataTable table={table} caption="People" empty="Nobody" />;
}

describe("a table wider than the screen", () => {
  it("is measured at the start of the frame that paints it, not by its render, and says so in that frame", () => {
    let frame: (() => void) | undefined;
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) => {
      frame = callback;
      return 1;
    });
    // Each read of a width lays the page out, in a browser.
    const widthReads = vi.fn();
    const widths = { scrollWidth: 900, clientWidth: 390, scrollLeft: 0 };
    const stubs = Object.entries(widths).map(([name, value]) => {
      const stub = vi.spyOn(HTMLElement.prototype, name as keyof typeof widths, "get");
      stub.mockImplementation(() => {
        widthReads(name);
        return value;
      });
      return stub;
    });
    try {
      act(() => {
        render(<Table />);
      });
      expect(widthReads).not.toHaveBeenCalled();
      expect(screen.queryByText("Scroll sideways for more columns")).toBeNull();

      // The frame's callbacks run before its layout and paint: the hint is drawn before the
      // callback returns, so that paint has it.
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
      frame!();
      expect(screen.getByText("Scroll sideways for more columns")).toBeTruthy();
    } finally {
      for (const stub of stubs) stub.mockRestore();
    }
  });

  it("is measured from the commit, not a passive effect (which may follow its first paint)", () => {
    const order: string[] = [];
    vi.stubGlobal("requestAnimationFrame", () => {
      order.push("frame requested");
      return 1;
    });
    function Before() {
      useEffect(() => {
        order.push("passive effect");
      }, []);
      return null;
    }
    act(() => {
      render(
        <>
          <Before />
          <Table />
        </>,
      );
    });
    expect(order[0]).toBe("frame requested");
  });
});
