import type { NewsArticle, Sentiment } from "@ledgerline/contracts";
import { addDays } from "../../calendar/dates";
import { newYorkDate, newYorkInstant } from "../../calendar/new-york-time";
import type { KeyedRandom } from "../random";
import type { CompanyProfile } from "../stocks/company-profiles";
import { simPublishers } from "./publishers";
import { SIMULATED_ARTICLE_NOTE, articleTemplates } from "./templates";

export interface NewsGeneratorOptions {
  /** Where favicons are served from, e.g. "/api/market/favicons". */
  faviconBasePath: string;
  /** Base of the (fictional) article links. */
  articleBaseUrl: string;
}

export interface NewsContext {
  profile: CompanyProfile;
  /** Peers that an article may also mention. */
  related: readonly string[];
  /** The percent move of the last session completed by `instant`, if the stock traded then. */
  lastMovePercent(instant: number): number | undefined;
}

const SENTIMENT_THRESHOLD_PERCENT = 0.5;
const FIRST_PUBLISH_MS = 6 * 3_600_000;
const PUBLISH_WINDOW_MS = 15 * 3_600_000;

/** "Apple Inc." → "Apple"; "The Walt Disney Company" → "Walt Disney". */
export function shortCompanyName(name: string): string {
  return name
    .replace(/^The /, "")
    .replace(/\s+Class [A-C]$/, "")
    .replace(
      /,?\s+(Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.|plc|Ltd\.?|N\.V\.|S\.A\.|& Co\.)$/i,
      "",
    )
    .replace(/,$/, "")
    .trim();
}

function sentimentOf(movePercent: number | undefined): Sentiment {
  if (movePercent === undefined) return "neutral";
  if (movePercent >= SENTIMENT_THRESHOLD_PERCENT) return "positive";
  if (movePercent <= -SENTIMENT_THRESHOLD_PERCENT) return "negative";
  return "neutral";
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_match, key: string) => values[key] ?? "");
}

/**
 * Articles are a pure function of (seed, symbol, day): each day carries zero to two articles,
 * published between 06:00 and 21:00 New York time, whose tone follows the stock's last move.
 */
export class SimulatedNews {
  constructor(
    private readonly random: KeyedRandom,
    private readonly options: NewsGeneratorOptions,
  ) {}

  /** Newest first: articles published in [since, until]. */
  articles(context: NewsContext, since: number, until: number, limit: number): NewsArticle[] {
    const found: NewsArticle[] = [];
    const firstDay = newYorkDate(since);
    for (
      let day = newYorkDate(until);
      day >= firstDay && found.length < limit;
      day = addDays(day, -1)
    ) {
      const perDay: NewsArticle[] = [];
      const draw = this.random.uniform(context.profile.symbol, day, "news-count");
      const count = draw < 0.55 ? 0 : draw < 0.88 ? 1 : 2;
      for (let n = 0; n < count; n++) {
        const published = newYorkInstant(
          day,
          FIRST_PUBLISH_MS +
            Math.floor(
              this.random.uniform(context.profile.symbol, day, n, "news-time") * PUBLISH_WINDOW_MS,
            ),
        );
        if (published < since || published > until) continue;
        perDay.push(this.article(context, day, n, published));
      }
      perDay.sort((a, b) => b.published_utc.localeCompare(a.published_utc));
      found.push(...perDay);
    }
    return found.slice(0, limit);
  }

  private article(context: NewsContext, day: string, n: number, published: number): NewsArticle {
    const { profile } = context;
    const key = [profile.symbol, day, n] as const;
    const move = context.lastMovePercent(published);
    const sentiment = sentimentOf(move);
    const template = this.random.pick(articleTemplates[sentiment], ...key, "template");
    const values = {
      name: shortCompanyName(profile.name),
      industry: profile.subIndustry.toLowerCase(),
      sector: profile.sector.toLowerCase(),
      move: Math.abs(move ?? 0).toFixed(1),
    };
    const publisher = this.random.pick(simPublishers, ...key, "publisher");
    const id = `sim-${this.random
      .hash(...key, "id")
      .toString(16)
      .padStart(8, "0")}${this.random
      .hash(...key, "id2")
      .toString(16)
      .padStart(8, "0")}`;

    const insights: NewsArticle["insights"] = [
      {
        ticker: profile.symbol,
        sentiment,
        sentiment_reasoning:
          sentiment === "neutral"
            ? `${values.name} moved little in the session before publication.`
            : `${values.name} ${sentiment === "positive" ? "rose" : "fell"} ${values.move}% in the session before publication.`,
      },
    ];
    if (context.related.length > 0 && this.random.uniform(...key, "mention") < 0.3) {
      const peer = this.random.pick(context.related, ...key, "peer");
      insights.push({
        ticker: peer,
        sentiment: "neutral",
        sentiment_reasoning: `Mentioned as a ${profile.subIndustry} peer.`,
      });
    }

    return {
      id,
      publisher: {
        name: publisher.name,
        favicon_url: `${this.options.faviconBasePath}/${publisher.slug}.svg`,
      },
      published_utc: new Date(published).toISOString().replace(/\.\d{3}Z$/, "Z"),
      title: fill(template.title, values),
      description: `${fill(template.description, values)} ${SIMULATED_ARTICLE_NOTE}`,
      article_url: `${this.options.articleBaseUrl}/${id}`,
      insights,
    };
  }
}
