// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Options = { onNeedRefresh?: () => void; onNeedReload?: () => void };
const registered: Options[] = [];
vi.mock("virtual:pwa-register", () => ({
  registerSW: (options: Options) => {
    registered.push(options);
    return async () => {};
  },
}));

const worker = (script: string) => ({
  scriptURL: `${location.origin}${script}`,
  postMessage: vi.fn(),
});

let registration: {
  waiting: ReturnType<typeof worker> | null;
  active: ReturnType<typeof worker> | null;
};
const container = new EventTarget();
const reload = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  registered.length = 0;
  reload.mockReset();
  sessionStorage.clear();
  registration = { waiting: worker("/sw.js"), active: worker("/sw.js") };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: Object.assign(container, { getRegistration: async () => registration }),
  });
  Object.defineProperty(window, "location", {
    configurable: true,
    value: { ...window.location, origin: window.location.origin, reload },
  });
});
afterEach(() => vi.useRealTimers());

const load = () => import("../src/lib/offline/service-worker");
const skipWaitingAsks = () =>
  registration.waiting!.postMessage.mock.calls.filter(
    ([data]) => (data as { type: string }).type === "SKIP_WAITING",
  ).length;

describe("Reload of a new version", () => {
  it("asks the waiting version again every second, and reloads once it controls the page", async () => {
    const { appUpdate } = await load();
    await appUpdate.apply();
    expect(skipWaitingAsks()).toBe(1);
    // The running version was busy at the first ask: Chromium would keep the new one waiting.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(skipWaitingAsks()).toBe(4);
    expect(reload).not.toHaveBeenCalled();
    // Chromium tries the swap again only on a navigation in the worker's scope: a hidden frame's.
    const frames = () => [...document.querySelectorAll("iframe")].map((frame) => frame.src);
    expect(frames()).toEqual([`${location.origin}/robots.txt`]);
    container.dispatchEvent(new Event("controllerchange"));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(frames()).toEqual([]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(skipWaitingAsks()).toBe(4);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads once the new version is no longer waiting, even unseen by the page", async () => {
    const { appUpdate } = await load();
    await appUpdate.apply();
    registration.waiting = null;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads all the same after 10 s, and the next page goes on asking instead of offering", async () => {
    const { appUpdate } = await load();
    await appUpdate.apply();
    await vi.advanceTimersByTimeAsync(9_900);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.resetModules();
    registration.waiting = worker("/sw.js");
    const next = await load();
    next.startServiceWorker();
    registered[0]!.onNeedRefresh!();
    await vi.advanceTimersByTimeAsync(0);
    expect(next.appUpdate.isReady()).toBe(false);
    expect(skipWaitingAsks()).toBe(1);
  });

  it("reloads after 10 s even when the browser never answers the registration's lookup", async () => {
    const { appUpdate } = await load();
    Object.assign(navigator.serviceWorker, { getRegistration: () => new Promise(() => {}) });
    void appUpdate.apply();
    await vi.advanceTimersByTimeAsync(10_100);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe("a version waiting beside the running one", () => {
  it("is offered to the reader when it is the same build's", async () => {
    const { appUpdate, startServiceWorker } = await load();
    startServiceWorker();
    registered[0]!.onNeedRefresh!();
    await vi.advanceTimersByTimeAsync(0);
    expect(appUpdate.isReady()).toBe(true);
    expect(skipWaitingAsks()).toBe(0);
  });

  it("takes over at once when it is another language's, without reloading", async () => {
    registration.waiting = worker("/sw-de.js");
    const { appUpdate, startServiceWorker } = await load();
    startServiceWorker();
    registered[0]!.onNeedRefresh!();
    await vi.advanceTimersByTimeAsync(0);
    expect(appUpdate.isReady()).toBe(false);
    expect(skipWaitingAsks()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(skipWaitingAsks()).toBe(2);
    container.dispatchEvent(new Event("controllerchange"));
    registered[0]!.onNeedReload!();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(skipWaitingAsks()).toBe(2);
    expect(reload).not.toHaveBeenCalled();
  });
});
