import { z } from "zod";

/**
 * REST keeps the spec's JSON numbers where tRPC carries exact decimal strings. These convert at
 * the REST door only; the values are display figures (at most 16 significant digits) and are
 * never computed with again.
 */
export function withNumbers<T extends object, K extends keyof T>(
  value: T,
  keys: readonly K[],
): Omit<T, K> & Record<K, number | null> {
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of keys) {
    const field = value[key];
    copy[key as string] = field === null || field === undefined ? null : Number(field);
  }
  return copy as Omit<T, K> & Record<K, number | null>;
}

/** Replaces the decimal-string fields of a zod object with (nullable) JSON numbers. */
export function numericSchema<S extends z.ZodObject, K extends keyof S["shape"] & string>(
  schema: S,
  keys: readonly K[],
) {
  const numbers = Object.fromEntries(keys.map((key) => [key, z.number().nullable()]));
  return schema.extend(numbers as Record<K, z.ZodNullable<z.ZodNumber>>);
}
