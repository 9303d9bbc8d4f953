import type { MarketDataError } from "../../src/errors";
import type { StockMarketProvider } from "../../src/providers/types";

export interface Controllable<T> {
  provider: T;
  /** Every provider method called, in order, with its first argument. */
  calls: { method: string; argument: unknown }[];
  /** When set, every call fails with this error instead of reaching the real provider. */
  failWith: MarketDataError | Error | undefined;
  /** Calls wait for this before answering, when set (to hold requests in flight). */
  gate: Promise<void> | undefined;
}

/** Wraps a provider so tests can count the calls that reach it and make it fail on demand. */
export function controllable<T extends object>(inner: T): Controllable<T> {
  const control: Controllable<T> = {
    provider: undefined as unknown as T,
    calls: [],
    failWith: undefined,
    gate: undefined,
  };
  control.provider = new Proxy(inner, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        control.calls.push({ method: String(property), argument: args[0] });
        if (control.gate) await control.gate;
        if (control.failWith) throw control.failWith;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return control;
}

export function callsTo(control: Controllable<unknown>, method: keyof StockMarketProvider): number {
  return control.calls.filter((call) => call.method === method).length;
}
