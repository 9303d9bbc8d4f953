import type { Sentiment } from "@ledgerline/contracts";

/**
 * Headline and summary templates of simulated articles. Placeholders: {name} (short company
 * name), {industry}, {sector}, {move} (the last session's move in percent, unsigned).
 */
export interface ArticleTemplate {
  title: string;
  description: string;
}

export const articleTemplates: Readonly<Record<Sentiment, readonly ArticleTemplate[]>> = {
  positive: [
    {
      title: "{name} shares climb {move}% as {industry} demand firms",
      description:
        "{name} closed higher after buyers returned to {industry} names, with volume above its recent average.",
    },
    {
      title: "Analysts lift targets on {name} after an upbeat session",
      description:
        "Several analysts raised their price targets on {name}, pointing to steady demand across the {sector} sector.",
    },
    {
      title: "{name} gains {move}%, outpacing the {sector} sector",
      description:
        "{name} led its peers in {industry} as investors rotated back into quality {sector} stocks.",
    },
    {
      title: "Why {name} stock moved higher today",
      description:
        "A rise of {move}% put {name} among the stronger {sector} performers of the session.",
    },
  ],
  negative: [
    {
      title: "{name} slides {move}% as the {industry} outlook dims",
      description:
        "{name} fell as investors weighed softer pricing across {industry} and trimmed exposure to the {sector} sector.",
    },
    {
      title: "{name} falls after a cautious note on margins",
      description:
        "A research note questioning {name}'s margins weighed on the stock, which underperformed the {sector} sector.",
    },
    {
      title: "Investors pull back from {name} in a weak {sector} session",
      description: "{name} lost {move}% as selling spread through {industry} names.",
    },
    {
      title: "Why {name} stock moved lower today",
      description:
        "A decline of {move}% left {name} among the weaker {sector} stocks of the session.",
    },
  ],
  neutral: [
    {
      title: "{name} holds steady ahead of its next earnings report",
      description:
        "{name} traded in a narrow range as investors waited for fresh guidance on {industry} demand.",
    },
    {
      title: "What to watch at {name} this week",
      description:
        "From {industry} pricing to capital spending plans, these are the questions facing {name} and its {sector} peers.",
    },
    {
      title: "{name} announces the date of its quarterly results",
      description:
        "{name} will report quarterly results and hold a conference call for investors and analysts.",
    },
    {
      title: "{name} little changed as the {sector} sector drifts",
      description:
        "Shares of {name} moved less than the broader market in a quiet session for {industry} stocks.",
    },
  ],
};

export const SIMULATED_ARTICLE_NOTE = "(Simulated article from the Ledgerline demo market.)";
