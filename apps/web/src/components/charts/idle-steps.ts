/** How long a step may wait for an idle moment before it runs anyway (a page never idle). */
const IDLE_TIMEOUT_MS = 1000;

const whenIdle = (run: () => void): (() => void) => {
  // Safari has no requestIdleCallback: a timeout still gives each step a task of its own.
  if (typeof requestIdleCallback !== "function") {
    const timer = setTimeout(run, 1);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  return () => cancelIdleCallback(handle);
};

/**
 * Runs `steps` in order, each in an idle moment of its own, once `element` comes near the
 * viewport: a chart's creation is then never one long task at boot, nor work for a chart the
 * reader has not scrolled to. Returns a function that cancels the steps not yet run.
 */
export function whenShownInIdleSteps(element: Element, steps: (() => void)[]): () => void {
  let cancelPending = () => {};
  let cancelled = false;
  const runFrom = (index: number) => {
    const step = steps[index];
    if (!step) return;
    cancelPending = whenIdle(() => {
      if (cancelled) return;
      step();
      runFrom(index + 1);
    });
  };
  // A chart just below the fold is drawn before it is scrolled into sight, not as it arrives.
  const shown = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      shown.disconnect();
      runFrom(0);
    },
    { rootMargin: "200px 0px" },
  );
  shown.observe(element);
  return () => {
    cancelled = true;
    shown.disconnect();
    cancelPending();
  };
}
