// @vitest-environment node
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { prerenderShell } from "../src/prerender";
import {
  summaryDescription,
  SummarySubtitle,
} from "../src/routes/_app/portfolio-summary/-components/SummarySubtitle";
import { formatDateTime, formatWeekdayTime } from "../src/lib/format";
import { PageHeader } from "../src/components/ui/PageHeader";

/** The header's subtitle paragraph: the words, and the prices' line of its own after them. */
function subtitleOf(html: string) {
  const paragraph = (/<p class="mt-1 text-muted">(.*?)<\/p>/.exec(html)?.[1] ?? "").replace(
    /<!-- -->/g,
    "",
  );
  const [, words = "", line = ""] = /^(.*?)<span class="mt-1 block text-xs">(.*)<\/span>$/.exec(
    paragraph,
  ) ?? [undefined, paragraph];
  const text = (markup: string) => markup.replace(/<!-- -->|<[^>]+>/g, "");
  return { words: text(words), line, lineText: text(line) };
}

/** The page's header, its prices read at 3 PM UTC, 11 March 2026. */
const pageHeader = () =>
  renderToStaticMarkup(
    <PageHeader
      title="Portfolio Summary"
      subtitle={<SummarySubtitle pricedAt="2026-03-11T15:00:00Z" />}
    />,
  );

describe("the portfolio summary's subtitle", () => {
  // The page's largest text on a phone: the page paints the same words in the same place as its
  // prerendered layout, rather than other, larger ones later (issue 14: its LCP was 3.2 s).
  it("is the same description in the prerendered layout and on the page", async () => {
    const layout = subtitleOf(await prerenderShell("/portfolio-summary"));
    const page = subtitleOf(pageHeader());
    expect(layout.words).toBe(`${summaryDescription()} `);
    expect(page.words).toBe(layout.words);
  });

  it("says when the prices are from on a line of its own, a grey block for the time while loading", async () => {
    const layout = subtitleOf(await prerenderShell("/portfolio-summary"));
    expect(layout.lineText).toBe("Prices as of , refreshed every minute. Delayed");
    expect(layout.line).toMatch(/Prices as of <span class="[^"]*animate-pulse[^"]*"><\/span>/);
    const page = subtitleOf(pageHeader());
    expect(page.lineText).toBe(
      `Prices as of ${formatDateTime("2026-03-11T15:00:00Z")}, refreshed every minute. Delayed`,
    );
  });

  it("on a closed stock market says so, when it reopens, and that held crypto still moves", () => {
    const closed = { open: false, nextOpenAt: "2026-03-16T13:30:00Z" };
    const note = (holdsCrypto: boolean) =>
      subtitleOf(
        renderToStaticMarkup(
          <PageHeader
            title="Portfolio Summary"
            subtitle={
              <SummarySubtitle
                pricedAt="2026-03-14T15:00:00Z"
                market={closed}
                holdsCrypto={holdsCrypto}
              />
            }
          />,
        ),
      ).lineText;
    const asOf = `Prices as of ${formatDateTime("2026-03-14T15:00:00Z")}.`;
    const reopens = `The stock market is closed until ${formatWeekdayTime(closed.nextOpenAt)}`;
    expect(note(true)).toBe(
      `${asOf} ${reopens}: stocks are at their last close; crypto trades around the clock and is refreshed every minute. Delayed`,
    );
    // Nothing moves without crypto: no badge, no promise of updates.
    expect(note(false)).toBe(`${asOf} ${reopens}: stocks are at their last close.`);
    // An open market keeps the usual note.
    const open = subtitleOf(
      renderToStaticMarkup(
        <SummarySubtitle
          pricedAt="2026-03-11T15:00:00Z"
          market={{ open: true, nextOpenAt: "2026-03-12T13:30:00Z" }}
          holdsCrypto
        />,
      ),
    );
    expect(open.words + open.lineText).not.toContain("closed");
  });

  it("writes a coming moment with its weekday, in the viewer's time zone", () => {
    const at = new Date(2026, 2, 16, 9, 30);
    expect(formatWeekdayTime(at.toISOString())).toBe("Mon, Mar 16, 9:30 AM");
  });
});
