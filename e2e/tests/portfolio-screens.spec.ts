import { expect } from "@playwright/test";
import { demo, expectAccessible, signInViaApi } from "./support";
import { test } from "./polled-prices";

const screens: { path: string; ready: string; chart?: boolean }[] = [
  { path: "/landing", ready: "Quick Overview" },
  { path: "/portfolio-summary", ready: "Stock Portfolio", chart: true },
  { path: "/transaction-history", ready: "Transaction History" },
];

for (const width of [1280, 390]) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`the demo portfolio screens fit ${width} px in the ${colorScheme} theme and stay accessible`, async ({
      page,
    }, testInfo) => {
      // Three screens, each with a full-page screenshot and, in the dark theme, an axe scan: 54 s
      // of the default 60 s at load 13, and over it twice at load 15.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await signInViaApi(page, demo.user.email, demo.user.password);
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(page.getByRole("heading", { name: screen.ready }).first()).toBeVisible();
        if (screen.chart) {
          await expect(
            page.getByRole("img", { name: /^Line chart of your portfolio/ }),
          ).toBeVisible();
        }
        await expect(page.getByRole("status", { name: /Loading/ })).toHaveCount(0);
        // Nothing wider than the screen: wide tables scroll inside their own box.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
        if (screen.path === "/portfolio-summary" && width === 1280) {
          // At 1280 px the holdings' ten columns fit: neither table scrolls sideways in its box.
          for (const name of ["Your stock positions", "Your crypto positions"]) {
            const overflow = await page
              .getByRole("table", { name })
              .evaluate(
                (table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
              );
            expect(overflow, name).toBeLessThanOrEqual(0);
          }
        }
        await page.screenshot({
          path: testInfo.outputPath(`${screen.path.slice(1)}-${width}-${colorScheme}.png`),
          fullPage: true,
        });
        if (colorScheme === "dark") await expectAccessible(page);
      }
    });
  }
}
