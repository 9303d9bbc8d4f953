// @vitest-environment happy-dom
import { act, cleanup, render } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useLightweightChart } from "../src/components/charts/useLightweightChart";

// What the chart library was asked to do, in order.
const calls = vi.hoisted(() => [] as string[]);
const made = vi.hoisted(() => [] as { options: Record<string, unknown> }[]);
vi.mock("lightweight-charts", () => ({
  ColorType: { Solid: "solid" },
  CrosshairMode: { Magnet: 1 },
  createChart: (_element: HTMLElement, options: Record<string, unknown>) => {
    made.push({ options });
    calls.push("create");
    return {
      resize: (width: number, height: number) => calls.push(`resize ${width}x${height}`),
      remove: () => calls.push("remove"),
      applyOptions: () => calls.push("applyOptions"),
      subscribeCrosshairMove: () => {},
      unsubscribeCrosshairMove: () => {},
      subscribeClick: () => {},
      unsubscribeClick: () => {},
    };
  },
}));
// The chart is made at once here, not when shown and idle.
vi.mock("../src/components/charts/idle-steps", () => ({
  whenShownInIdleSteps: (_element: Element, steps: (() => void)[]) => {
    for (const step of steps) step();
    return () => {};
  },
}));

let frame = { width: 317.6, height: 256.4 };
const observers: (() => void)[] = [];
beforeEach(() => {
  calls.length = 0;
  made.length = 0;
  observers.length = 0;
  frame = { width: 317.6, height: 256.4 };
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(
    () => ({ ...frame, x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0 }) as DOMRect,
  );
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(private readonly callback: () => void) {
        observers.push(() => this.callback());
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Chart({ data }: { data: { bars: number[] } | undefined }) {
  const container = useRef<HTMLDivElement>(null);
  const drawn = useLightweightChart({
    container,
    data,
    setup: () => {
      calls.push("setup");
      return "series";
    },
    draw: (_chart, series, { bars }) => calls.push(`draw ${series} ${bars.join(",")}`),
  });
  return <div ref={container} data-testid="frame" data-drawn={drawn ? "yes" : "no"} />;
}

describe("useLightweightChart", () => {
  it("makes the chart once its data is there, at its frame's size, with its series and data in the same step", () => {
    const view = render(<Chart data={undefined} />);
    expect(calls).toEqual([]);
    const first = { bars: [1, 2] };
    view.rerender(<Chart data={first} />);
    expect(calls).toEqual(["create", "setup", "draw series 1,2"]);
    // Sized once, by the app: the library's autoSize would paint it again at once.
    expect(made[0]!.options).toMatchObject({ autoSize: false, width: 317, height: 256 });
    expect(view.getByTestId("frame").dataset.drawn).toBe("yes");
    // The same data is not set again; new data is, once.
    view.rerender(<Chart data={first} />);
    view.rerender(<Chart data={{ bars: [3] }} />);
    expect(calls).toEqual(["create", "setup", "draw series 1,2", "draw series 3"]);
  });

  it("resizes the chart only when its frame's whole-pixel size changes", () => {
    render(<Chart data={{ bars: [1] }} />);
    act(() => observers.forEach((observed) => observed()));
    frame = { width: 317.9, height: 256 };
    act(() => observers.forEach((observed) => observed()));
    expect(calls.filter((call) => call.startsWith("resize"))).toEqual([]);
    frame = { width: 400, height: 256 };
    act(() => observers.forEach((observed) => observed()));
    expect(calls.filter((call) => call.startsWith("resize"))).toEqual(["resize 400x256"]);
  });
});
