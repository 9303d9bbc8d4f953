import { m } from "@ledgerline/messages";
import type { NewsArticle, Sentiment } from "@ledgerline/contracts";
import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { memo, useId, useState } from "react";
import { Badge } from "../../../../components/ui/Badge";
import { Button } from "../../../../components/ui/Button";
import { Spinner } from "../../../../components/ui/Spinner";
import { formatDateTime } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";
import { Panel } from "../../../../components/ui/Panel";

const sentimentText: Record<Sentiment, () => string> = {
  positive: m.research_sentiment_positive,
  negative: m.research_sentiment_negative,
  neutral: m.research_sentiment_neutral,
};

const sentimentTone: Record<Sentiment, "gain" | "loss" | "neutral"> = {
  positive: "gain",
  negative: "loss",
  neutral: "neutral",
};

function PublisherMark({ publisher }: { publisher: NewsArticle["publisher"] }) {
  return publisher.favicon_url ? (
    <img
      src={publisher.favicon_url}
      alt=""
      width="20"
      height="20"
      loading="lazy"
      className="h-5 w-5 rounded"
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex h-5 w-5 items-center justify-center rounded bg-surface-muted text-xs font-bold text-muted"
    >
      {publisher.name.charAt(0).toUpperCase()}
    </span>
  );
}

function ArticleCard({ article }: { article: NewsArticle }) {
  return (
    <article className="rounded-lg border border-border p-4">
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
        <PublisherMark publisher={article.publisher} />
        <span className="font-medium text-text">{article.publisher.name}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={article.published_utc}>{formatDateTime(article.published_utc)}</time>
      </p>
      <h3 className="mt-2 font-semibold">{article.title}</h3>
      {article.description && <p className="mt-1 text-sm text-muted">{article.description}</p>}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <ul className="flex flex-wrap gap-1.5" aria-label={m.research_sentiment_by_ticker()}>
          {article.insights.map((insight) => (
            <li key={insight.ticker}>
              <Badge tone={sentimentTone[insight.sentiment]}>
                {insight.ticker}: {sentimentText[insight.sentiment]()}
              </Badge>
            </li>
          ))}
        </ul>
        <a
          href={article.article_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
        >
          {m.research_read()}
          <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
          <span className="sr-only">{m.research_read_article({ title: article.title })}</span>
        </a>
      </div>
    </article>
  );
}

/**
 * The last 30 days of news: one article until Show All, and the whole panel can be hidden.
 * Memoised: a live tick re-renders the page, not the news.
 */
export const NewsPanel = memo(function NewsPanel({
  symbol,
  company,
}: {
  symbol: string;
  company: string;
}) {
  const news = useQuery(trpc.market.news.queryOptions({ symbol }));
  const [visible, setVisible] = useState(true);
  const [showAll, setShowAll] = useState(false);
  const bodyId = useId();
  const articles = news.data ?? [];
  const shown = showAll ? articles : articles.slice(0, 1);
  return (
    <Panel
      titleId="news-heading"
      title={m.research_news_for({ company, symbol })}
      headerClassName="gap-2"
      controls={
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={visible}
          aria-controls={bodyId}
          onClick={() => setVisible(!visible)}
        >
          {visible ? m.research_hide_news() : m.research_show_news()}
        </Button>
      }
    >
      <div id={bodyId} hidden={!visible} className="mt-4 space-y-3">
        {news.isPending ? (
          <div className="flex justify-center py-6 text-primary">
            <Spinner size="sm" label={m.research_loading_news()} />
          </div>
        ) : news.isError ? (
          <p className="text-sm text-muted">{m.research_news_failed()}</p>
        ) : articles.length === 0 ? (
          <p className="text-sm text-muted">{m.research_no_news()}</p>
        ) : (
          <>
            {shown.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
            {articles.length > 1 && (
              <Button size="sm" variant="ghost" onClick={() => setShowAll(!showAll)}>
                {showAll
                  ? m.asset_show_less()
                  : m.research_show_all_articles({ count: articles.length })}
              </Button>
            )}
          </>
        )}
      </div>
    </Panel>
  );
});
