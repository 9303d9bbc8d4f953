let painted: () => void;

/**
 * Settles once the first page the app shows has painted. What that page does not need (the
 * notification bell, the live price stream, the charts, the toasts, the session check) waits for
 * it, so its code and requests do not compete with the page's own on a first load.
 */
export const firstPaint = new Promise<void>((resolve) => (painted = resolve));

/** Called when the first page has rendered: the frame after it has painted. */
export const markFirstPagePainted = () => requestAnimationFrame(() => setTimeout(painted));
