// @vitest-environment node
import { describe, expect, it } from "vitest";
import { prerenderShell, signedInPages } from "../src/prerender";

/** A signed-in page's shell (as scripts/prerender.mjs writes it): what its first load paints. */
const shell = (template: string) =>
  prerenderShell(template.replace(/\$(\w+)/g, (_, name: string) => `__${name.toUpperCase()}__`));

// The research index only sends its visitor on to the stock search.
const generic = new Set(["/research"]);

describe("the signed-in pages' shells", () => {
  it.each(signedInPages().filter((page) => !generic.has(page)))(
    "%s paints the page's own loading layout, not the generic one",
    async (page) => {
      const html = await shell(page);
      expect(html).toContain('aria-busy="true"');
      expect(html).not.toContain('aria-label="Loading page"');
    },
  );

  // The text a phone's largest paint is on these pages: painted from the HTML, it is not a later,
  // larger paint when the page replaces its loading layout (issue 14).
  it.each([
    ["/crypto-dashboard", "Every coin on your crypto watchlist with its current price"],
    ["/crypto/$symbol", "Priced in US dollars, trading around the clock."],
  ])("%s paints the page's own words before its data: %s", async (page, words) => {
    expect(await shell(page)).toContain(words);
  });

  it("/research/$symbol heads the page with the company's name and symbol, both for the API to fill in", async () => {
    // The name's stand-in is replaced by the name, or by nothing: then a grey block shows.
    expect(await shell("/research/$symbol")).toMatch(
      /<h1 class="text-2xl font-bold tracking-tight sm:text-3xl"><span class="[^"]*empty:animate-pulse[^"]*">__COMPANY__<\/span> <span class="text-muted">\((<!-- -->)?__SYMBOL__(<!-- -->)?\)<\/span><\/h1>/,
    );
  });

  it("paint an admin page with the admin's navigation bar, a user's page with a user's", async () => {
    // Its button, or the stand-in of its size until the menu's code has loaded (the label is a
    // prop of the navbar's menus, so React may set a comment between it and the chevron).
    const adminMenu = /">Admin(<!-- -->)?( <svg|<\/span>)/;
    for (const page of ["/users", "/audit-logs", "/corporate-actions"]) {
      expect(await shell(page), page).toMatch(adminMenu);
    }
    expect(await shell("/portfolio-summary")).not.toMatch(adminMenu);
  });
});
