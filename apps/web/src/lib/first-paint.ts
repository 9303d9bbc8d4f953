let painted: () => void;

/**
 * Settles once the first page the app shows has painted. What that page does not need (the
 * notification bell, the live price stream, the charts, the toasts, the session check) waits for
 * it, so its code and requests do not compete with the page's own on a first load.
 */
export const firstPaint = new Promise<void>((resolve) => (painted = resolve));

/** Called when the first page has rendered: the frame after it has painted. */
export const markFirstPagePainted = () => requestAnimationFrame(() => setTimeout(painted));

let lastTurn: Promise<void> = firstPaint;

/**
 * Settles after first paint like `firstPaint`, but each caller in a task of its own, in the order
 * they asked. A lazy import started then appends a preload link for every file its chunk needs,
 * and a file the browser already holds is compiled within that append: a page's several lazily
 * loaded cards, started together, were one long task (issue 35, /portfolio-summary).
 */
export function firstPaintTurn(): Promise<void> {
  lastTurn = lastTurn.then(() => new Promise<void>((resolve) => setTimeout(resolve)));
  return lastTurn;
}
