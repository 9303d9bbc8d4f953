// @vitest-environment happy-dom
import { expect, it, vi } from "vitest";

it("settles only in the frame after the first page has rendered, so what waits for it loads after that paint", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "requestAnimationFrame"] });
  const { firstPaint, markFirstPagePainted } = await import("../src/lib/first-paint");
  let settled = false;
  void firstPaint.then(() => (settled = true));

  await vi.advanceTimersByTimeAsync(1000);
  expect(settled, "before the first page rendered").toBe(false);

  markFirstPagePainted();
  await Promise.resolve();
  expect(settled, "in the render's own task").toBe(false);
  vi.advanceTimersToNextFrame();
  await Promise.resolve();
  expect(settled, "in the frame's callback, before the frame has painted").toBe(false);
  await vi.runAllTimersAsync();
  expect(settled).toBe(true);
  vi.useRealTimers();
});
