import { z } from "zod";

/**
 * The parts of Polygon's (Massive's) answers we read, as documented and as recorded in
 * test/fixtures/polygon. Unknown fields are ignored; a field we rely on with the wrong type is
 * a bad response.
 */

const price = z.number().finite().nonnegative();
const optionalPrice = price.nullish();

export const aggregateBar = z.object({
  o: optionalPrice,
  h: optionalPrice,
  l: optionalPrice,
  c: optionalPrice,
  v: z.number().finite().nonnegative().nullish(),
});

export const snapshotTicker = z.object({
  ticker: z.string().min(1),
  day: aggregateBar.nullish(),
  prevDay: aggregateBar.nullish(),
  lastTrade: z.object({ p: optionalPrice, t: z.number().nullish() }).nullish(),
  /** Nanoseconds. */
  updated: z.number().nullish(),
});
export type PolygonSnapshotTicker = z.infer<typeof snapshotTicker>;

export const singleSnapshotAnswer = z.object({
  status: z.string().optional(),
  ticker: snapshotTicker,
});
export const snapshotListAnswer = z.object({
  status: z.string().optional(),
  tickers: z.array(snapshotTicker).nullish(),
});

export const searchAnswer = z.object({
  results: z
    .array(
      z.object({
        ticker: z.string(),
        name: z.string().nullish(),
        market: z.string().nullish(),
        locale: z.string().nullish(),
        active: z.boolean().nullish(),
      }),
    )
    .nullish(),
});

export const detailsAnswer = z.object({
  results: z.object({
    ticker: z.string(),
    name: z.string().nullish(),
    market_cap: z.number().nullish(),
    total_employees: z.number().nullish(),
    list_date: z.string().nullish(),
    primary_exchange: z.string().nullish(),
    sic_description: z.string().nullish(),
    locale: z.string().nullish(),
    type: z.string().nullish(),
    weighted_shares_outstanding: z.number().nullish(),
    share_class_shares_outstanding: z.number().nullish(),
    description: z.string().nullish(),
    address: z
      .object({
        address1: z.string().nullish(),
        city: z.string().nullish(),
        state: z.string().nullish(),
        postal_code: z.string().nullish(),
      })
      .nullish(),
    phone_number: z.string().nullish(),
    homepage_url: z.string().nullish(),
  }),
});

export const newsAnswer = z.object({
  results: z
    .array(
      z.object({
        id: z.string(),
        publisher: z.object({ name: z.string() }).partial().nullish(),
        title: z.string(),
        published_utc: z.string(),
        article_url: z.string(),
        description: z.string().nullish(),
        insights: z
          .array(
            z.object({
              ticker: z.string(),
              sentiment: z.string().nullish(),
              sentiment_reasoning: z.string().nullish(),
            }),
          )
          .nullish(),
      }),
    )
    .nullish(),
});

export const relatedAnswer = z.object({
  results: z.array(z.object({ ticker: z.string() })).nullish(),
});

export const aggregatesAnswer = z.object({
  results: z
    .array(
      aggregateBar.extend({
        /** Present on grouped and previous-close answers. */
        T: z.string().optional(),
        /** Unix ms of the bar's start. */
        t: z.number(),
      }),
    )
    .nullish(),
});

export const marketStatusAnswer = z.object({
  market: z.string(),
  earlyHours: z.boolean().nullish(),
  afterHours: z.boolean().nullish(),
  serverTime: z.string().nullish(),
});

/** A page of a v3 reference list; `next_url` (absolute, without the key) leads to the next. */
const referencePage = <T extends z.ZodType>(result: T) =>
  z.object({ results: z.array(result).nullish(), next_url: z.string().url().nullish() });

export const splitsAnswer = referencePage(
  z.object({
    ticker: z.string(),
    execution_date: z.iso.date(),
    split_from: z.number().finite().positive(),
    split_to: z.number().finite().positive(),
  }),
);

export const dividendsAnswer = referencePage(
  z.object({
    ticker: z.string(),
    ex_dividend_date: z.iso.date(),
    pay_date: z.iso.date().nullish(),
    cash_amount: z.number().finite().positive(),
    /** CD regular cash, SC special cash, LT/ST capital gains distributions: all are cash paid. */
    dividend_type: z.string().nullish(),
  }),
);

/** Polygon's error bodies carry a status such as NOT_AUTHORIZED or NOT_FOUND. */
export const errorBody = z.object({ status: z.string().optional() });
