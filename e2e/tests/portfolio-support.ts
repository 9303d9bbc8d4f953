import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type Response,
} from "@playwright/test";
import { registerViaApi, signIn, type SignIn } from "./support";

type Kind = "STOCK" | "CRYPTO";
const paths: Record<Kind, string> = { STOCK: "/api/portfolio", CRYPTO: "/api/cryptoportfolio" };

/**
 * A new user of their own (tests run side by side), signed in on the page `via` the API or the
 * form, with REST shortcuts to set up watchlists and trades on chosen dates.
 */
export async function signedInPortfolioUser(
  page: Page,
  request: APIRequestContext,
  name = "Portfolio Tester",
  via: SignIn = "api",
) {
  const user = await registerViaApi(request, name);
  const loggedIn = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
  });
  expect(loggedIn.status()).toBe(200);
  const { token } = (await loggedIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  await signIn(page, user.email, user.password, via);

  return {
    ...user,
    token,
    async watchStocks(...symbols: string[]) {
      for (const symbol of symbols) {
        const response = await request.post(`/api/savedstocks/${symbol}`, { headers, data: {} });
        expect(response.status()).toBe(200);
      }
    },
    async watchCrypto(...symbols: string[]) {
      for (const symbol of symbols) {
        const response = await request.post(`/api/savedcryptos/${symbol}`, { headers });
        expect(response.status()).toBe(200);
      }
    },
    async buy(kind: Kind, symbol: string, quantity: string, purchasePrice: string, date: string) {
      const response = await request.post(paths[kind], {
        headers,
        data: { symbol, quantity, purchasePrice, purchaseDate: date, notes: "" },
      });
      expect(response.status(), await response.text()).toBe(200);
    },
    async sell(kind: Kind, symbol: string, quantity: string, price: string) {
      const positions = (await (await request.get(paths[kind], { headers })).json()) as {
        id: number;
        symbol: string;
      }[];
      const position = positions.find((candidate) => candidate.symbol === symbol);
      expect(position, `a ${symbol} position`).toBeDefined();
      const response = await request.post(`${paths[kind]}/${position!.id}/sell`, {
        headers,
        data: { quantity, price },
      });
      expect(response.status(), await response.text()).toBe(200);
    },
  };
}

/** The data a tRPC query answered on the page, read from its (possibly batched) response. */
export async function trpcResult<T>(response: Response, path: string): Promise<T> {
  const paths = decodeURIComponent(
    new URL(response.url()).pathname.split("/api/trpc/")[1] ?? "",
  ).split(",");
  type Answer = { result?: { data: unknown } };
  const body = (await response.json()) as Answer[] | Answer;
  // A read the page sends alone (its unbatched client: the history-bound reads) is one answer.
  const answer = Array.isArray(body)
    ? body[paths.indexOf(path)]
    : paths[0] === path
      ? body
      : undefined;
  return answer?.result?.data as T;
}

/**
 * The next tRPC response naming `path`; with `onPage`, only one answered once the page is at that
 * path (the page before it may read the same procedure, and its body is gone once we navigate).
 */
export const waitForTrpc = (page: Page, path: string, onPage?: string) =>
  page.waitForResponse(
    (response) =>
      response.url().includes("/api/trpc/") &&
      response.url().includes(path) &&
      (onPage === undefined || new URL(page.url()).pathname === onPage),
  );

const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const usdSubCent = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 8,
  maximumFractionDigits: 8,
});

/** The spec's money format (2 decimals, 8 under a cent), to compare what the screen shows. */
export function money(value: string): string {
  const magnitude = Math.abs(Number(value));
  return (magnitude > 0 && magnitude < 0.01 ? usdSubCent : usd).format(value as unknown as number);
}

/**
 * Moves the mouse over the value chart's last day (today) and returns its tooltip. The price
 * scale takes the frame's right edge; the plot (the widest canvas) ends with today.
 */
export async function hoverValueChartEnd(page: Page, chart: Locator): Promise<Locator> {
  // The chart is drawn in an idle moment after its answer: its frame is busy until then.
  await expect(chart.getByRole("img").locator("..")).toHaveAttribute("aria-busy", "false");
  const plot = await chart.getByRole("img").evaluate((frame) => {
    const canvases = [...frame.querySelectorAll("canvas")].map((c) => c.getBoundingClientRect());
    const widest = canvases.reduce((a, b) => (b.width > a.width ? b : a));
    return { right: widest.right, middle: widest.top + widest.height / 2 };
  });
  await page.mouse.move(plot.right - 2, plot.middle);
  return chart.getByTestId("chart-tooltip");
}
