import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

/** Whether the dark theme is on; follows the navbar's toggle while the chart is shown. */
export function useDarkTheme(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.documentElement.classList.contains("dark"),
    () => false,
  );
}

/** The design tokens the canvas needs, read from the page's CSS variables. */
export function chartPalette() {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    font: getComputedStyle(document.body).fontFamily,
    text: token("--text-muted", "#64748b"),
    grid: token("--surface-muted", "#f1f3f6"),
    close: token("--primary", "#2563eb"),
    open: token("--warn", "#b45309"),
    volume: token("--info", "#0369a1"),
  };
}
