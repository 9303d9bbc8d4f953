/**
 * A source map's base-64 VLQ fields (one segment of its `mappings`): the build's preload-list
 * plugin shifts columns with them (vite.config.ts), bench/first-bundle.ts reads maps with them.
 */
const base64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

export function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const character of segment) {
    const digit = base64.indexOf(character);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

export function encodeVlq(number: number): string {
  let value = number < 0 ? (-number << 1) | 1 : number << 1;
  let out = "";
  do {
    const digit = value & 31;
    value >>>= 5;
    out += base64[value ? digit | 32 : digit];
  } while (value);
  return out;
}
