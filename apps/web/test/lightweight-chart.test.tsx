// @vitest-environment happy-dom
import { act, cleanup, render } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useLightweightChart } from "../src/components/charts/useLightweightChart";

type Handler = (param: Record<string, unknown>) => void;
// The chart's one line and its days, and what the app subscribed to.
const library = vi.hoisted(() => {
  const state = {
    days: [] as string[],
    moved: (() => {}) as (param: Record<string, unknown>) => void,
    clicked: (() => {}) as (param: Record<string, unknown>) => void,
    line: {
      options: () => ({ visible: true }),
      dataByIndex: (index: number) =>
        state.days[index] ? { time: state.days[index], value: 100 + index } : null,
      priceToCoordinate: () => 50,
    },
  };
  return state;
});
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
      subscribeCrosshairMove: (handler: Handler) => (library.moved = handler),
      unsubscribeCrosshairMove: () => {},
      subscribeClick: (handler: Handler) => (library.clicked = handler),
      unsubscribeClick: () => {},
      setCrosshairPosition: (_price: number, time: string) => calls.push(`crosshair ${time}`),
      clearCrosshairPosition: () => calls.push("crosshair cleared"),
      // One line, a point a day, a day 10 px wide.
      timeScale: () => ({
        timeToIndex: (time: string) => library.days.indexOf(time),
        timeToCoordinate: (time: string) => library.days.indexOf(time) * 10,
      }),
      panes: () => [{ getSeries: () => [library.line] }],
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
  library.days = [];
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

function TappedChart({ days }: { days: string[] }) {
  const container = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState("none");
  useLightweightChart({
    container,
    data: days,
    setup: () => library.line,
    draw: () => (library.days = days),
    onCrosshair: (param) =>
      setShown(param.point && param.time ? `${param.time as string} ${param.point.x}` : "none"),
  });
  return (
    <div>
      <div ref={container} data-testid="frame" />
      <p data-testid="tooltip">{shown}</p>
      <button type="button">outside</button>
    </div>
  );
}

describe("a tapped day on a phone", () => {
  const days = ["2026-02-16", "2026-02-17", "2026-02-18"];
  function tap(view: ReturnType<typeof render>, index: number) {
    const frame = view.getByTestId("frame");
    act(() => {
      frame.dispatchEvent(new PointerEvent("pointerdown", { pointerType: "touch", bubbles: true }));
      const day = library.days[index]!;
      library.clicked({
        time: day,
        point: { x: index * 10, y: 50 },
        seriesData: new Map([[library.line, library.line.dataByIndex(index)]]),
      });
    });
  }

  it("stays on that day when the library clears or moves the crosshair on its own, and when new data comes", () => {
    const view = render(<TappedChart days={days} />);
    tap(view, 1);
    expect(view.getByTestId("tooltip").textContent).toBe("2026-02-17 10");
    // A touch the library took for a long press leaves its tracking mode with no point.
    act(() => library.moved({ seriesData: new Map() }));
    expect(view.getByTestId("tooltip").textContent).toBe("2026-02-17 10");
    // New data re-reads the day under the crosshair's pixel: another day.
    act(() =>
      library.moved({ time: "2026-02-16", point: { x: 10, y: 50 }, seriesData: new Map() }),
    );
    expect(view.getByTestId("tooltip").textContent).toBe("2026-02-17 10");
    // A day added before it (the benchmark's longer line): the same day, now further right.
    view.rerender(<TappedChart days={["2026-02-13", ...days]} />);
    expect(view.getByTestId("tooltip").textContent).toBe("2026-02-17 20");
    expect(calls.at(-1)).toBe("crosshair 2026-02-17");
  });

  it("goes with a touch outside the chart, and follows a mouse", () => {
    const view = render(<TappedChart days={days} />);
    tap(view, 1);
    act(() => {
      view
        .getByRole("button")
        .dispatchEvent(new PointerEvent("pointerdown", { pointerType: "touch", bubbles: true }));
    });
    expect(view.getByTestId("tooltip").textContent).toBe("none");
    expect(calls.at(-1)).toBe("crosshair cleared");
    tap(view, 2);
    act(() => {
      view
        .getByTestId("frame")
        .dispatchEvent(new PointerEvent("pointermove", { pointerType: "mouse", bubbles: true }));
      library.moved({ time: "2026-02-16", point: { x: 0, y: 50 }, seriesData: new Map() });
    });
    expect(view.getByTestId("tooltip").textContent).toBe("2026-02-16 0");
  });
});
