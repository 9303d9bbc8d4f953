import { lazy, type ComponentType, type LazyExoticComponent } from "react";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React's lazy takes
type AnyComponent = ComponentType<any>;

export type Preloadable<T extends AnyComponent> = LazyExoticComponent<T> & { preload(): void };

/**
 * A lazily loaded component that can start loading its code before it is first rendered: a
 * dialog whose button is hovered, focused or pressed opens at once instead of after its chunk.
 * The module is requested once, whichever comes first.
 */
export function preloadable<T extends AnyComponent>(
  load: () => Promise<{ default: T }>,
): Preloadable<T> {
  let loading: Promise<{ default: T }> | undefined;
  const once = () => (loading ??= load());
  const component = lazy(once) as Preloadable<T>;
  // A failed request is made again by the render, which then shows the failure.
  component.preload = () => void once().catch(() => (loading = undefined));
  return component;
}

/** Props for a button: the pointer coming near it or the keyboard reaching it starts `preload`. */
export function preloadOn(preload: () => void) {
  return { onPointerEnter: preload, onFocus: preload, onPointerDown: preload };
}
