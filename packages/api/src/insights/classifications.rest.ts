import {
  classificationOverrideBody,
  classificationPath,
  classificationView,
  type classificationOverrideInput,
} from "@ledgerline/contracts";
import type { z } from "zod";
import { restRoute } from "../platform/rest/route";

const WHAT =
  "A stock has a `sector` (one of a fixed list: the eleven GICS sectors, `diversified` for funds, `unclassified`), an `industry`, a `country` (ISO 3166 code; `ZZ` when unknown), an `assetClass` (`equity` or `etf`) and a `marketCap` bucket (`mega` from 200 billion USD, `large` from 10 billion, `mid` from 2 billion, `small` from 300 million, `micro` below; null when unknown); a coin a `category` (`layer-1`, `layer-2`, `stablecoin`, `exchange-token`, `payments`, `defi`, `oracle`, `storage`, `meme`, `other`). `overridden` lists the fields the user set; the others are the market's.";

/** The classification of a symbol, and the user's own over the market's. */
export const classificationRoutes = [
  restRoute({
    method: "GET",
    url: "/classifications/:assetType/:symbol",
    operationId: "getClassification",
    tag: "Portfolio",
    summary:
      "What a stock or coin is, as the allocation groups it: the market's classification with the user's overrides",
    description: WHAT,
    access: "user",
    params: classificationPath,
    response: classificationView,
    call: (caller, { params }) => caller.classifications.get(params),
  }),
  restRoute({
    method: "PUT",
    url: "/classifications/:assetType/:symbol",
    operationId: "setClassification",
    tag: "Portfolio",
    summary:
      "Override some of a symbol's classification fields for this user (a stock's `sector`, `industry`, `country`, `assetClass`, `marketCap`; a coin's `category`); replaces the user's earlier override of the symbol",
    description: `${WHAT} 400 for a field or value not on the lists, an empty body, a coin's field on a stock (or the reverse), or a user already keeping 500 overrides. An \`Idempotency-Key\` header makes a retry answer as the first call did.`,
    access: "user",
    params: classificationPath,
    body: classificationOverrideBody,
    response: classificationView,
    call: (caller, { params, body }) =>
      caller.classifications.set({
        ...params,
        override: body,
      } as z.input<typeof classificationOverrideInput>),
  }),
  restRoute({
    method: "DELETE",
    url: "/classifications/:assetType/:symbol",
    operationId: "clearClassification",
    tag: "Portfolio",
    summary: "Drop the user's override of a symbol: the market's classification applies again",
    access: "user",
    params: classificationPath,
    response: classificationView,
    call: (caller, { params }) => caller.classifications.clear(params),
  }),
];
