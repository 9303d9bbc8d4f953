// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AssetConfig } from "../src/components/assets/asset-config";
import { SetAlertButton } from "../src/components/assets/SetAlertDialog";
import { preloadable, preloadOn } from "../src/lib/preloadable";

// Counts how often the alert dialog's module is loaded.
const loads = vi.hoisted(() => ({ alertForm: 0 }));
vi.mock("../src/components/assets/SetAlertForm", () => {
  loads.alertForm += 1;
  return { SetAlertDialog: () => <div role="dialog">alert form</div> };
});

afterEach(cleanup);

describe("preloadable dialogs", () => {
  it("starts loading a dialog's code when its button is hovered, focused or pressed", () => {
    for (const event of ["pointerEnter", "focus", "pointerDown"] as const) {
      const preload = vi.fn();
      render(<button {...preloadOn(preload)}>Buy</button>);
      fireEvent[event](screen.getByRole("button"));
      expect(preload, event).toHaveBeenCalledTimes(1);
      cleanup();
    }
  });

  it("requests the module once, however often it is preloaded and then rendered", async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <p>dialog</p> }));
    const Dialog = preloadable(load);
    Dialog.preload();
    Dialog.preload();
    render(<Dialog />);
    expect(await screen.findByText("dialog")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads the alert dialog while the pointer is on its button, before the click", async () => {
    render(<SetAlertButton asset={{} as AssetConfig} symbol="AAPL" price="1" />);
    expect(loads.alertForm).toBe(0);
    await act(async () => {
      fireEvent.pointerEnter(screen.getByRole("button", { name: "Set alert on AAPL" }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(loads.alertForm).toBe(1);
  });
});
