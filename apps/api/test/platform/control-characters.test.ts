import { controlCharacterRefused } from "@ledgerline/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

/** A line break, a tab, ESC, DEL, a C1 next-line and the Unicode line separator. */
const controls = ["\r\nBcc: eve@evil.example", "\t", "\u001b[31m", "\u007f", "\u0085", "\u2028"];

/** The answer's message, from either door's error shape. */
const said = (body: unknown) => JSON.stringify(body);

describe("text that is not free text", () => {
  it("refuses a control character in a name, an email or a key's name on both doors, storing nothing", async () => {
    const user = await t.registerUser();
    for (const control of controls) {
      const cases = [
        [
          await t.request("POST", "/api/auth/register", {
            body: {
              email: "eve@example.com",
              name: `Eve${control}Smith`,
              password: "long-pass-123",
            },
          }),
          "Name",
        ],
        [
          await t.trpc("mutation", "auth.register", {
            email: "eve@example.com",
            name: `Eve${control}Smith`,
            password: "long-pass-123",
          }),
          "Name",
        ],
        [
          await t.request("POST", "/api/users/update-email", {
            token: user.token,
            body: { newEmail: `eve${control}x@example.com`, currentPassword: user.password },
          }),
          "Email",
        ],
        [
          await t.trpc(
            "mutation",
            "apiKeys.create",
            { name: `nightly${control}run`, scope: "read", password: user.password },
            user.token,
          ),
          "A key's name",
        ],
        [
          await t.request("POST", "/api/api-keys", {
            token: user.token,
            body: { name: `nightly${control}run`, scope: "read", password: user.password },
          }),
          "A key's name",
        ],
      ] as const;
      for (const [response, field] of cases) {
        expect(response.status, `${field} with ${JSON.stringify(control)}`).toBe(400);
        expect(said(response.body)).toContain(controlCharacterRefused(field));
      }
    }
    expect(await t.sql("SELECT id FROM users")).toHaveLength(1);
    expect(await t.sql("SELECT id FROM api_keys")).toEqual([]);
  });

  it("refuses a control character in a mapping's names, a search, a filter and posted movers", async () => {
    const user = await t.registerUser();
    const admin = await t.createAdmin();
    const mapping = (name: string, column: string) => ({
      name,
      mapping: {
        columns: { date: column, symbol: "S", action: "A", quantity: "Q", price: "P" },
        actions: { buy: ["Buy"] },
      },
    });
    const cases = [
      [
        await t.request("POST", "/api/import/mappings", {
          token: user.token,
          body: mapping("Broker\nX", "D"),
        }),
        "A mapping's name",
      ],
      [
        await t.trpc("mutation", "import.saveMapping", mapping("Broker", "Da\rte"), user.token),
        "The Date column's name",
      ],
      [await t.trpc("query", "market.search", { query: "app\u0007le" }, user.token), "Search text"],
      [
        await t.request("GET", "/api/audit/logs", {
          token: admin.token,
          query: { email: "a\u000bb@example.com" },
        }),
        "email",
      ],
      [
        await t.request("POST", "/api/marketmovers", {
          token: admin.token,
          body: {
            gainers: [
              {
                symbol: "XYZ",
                price: 12.5,
                changePercent: 9.1,
                volume: 1000,
                marketStatus: "Market is open.\r\nCall us",
              },
            ],
            losers: [],
          },
        }),
        "marketStatus",
      ],
    ] as const;
    for (const [response, field] of cases) {
      expect(response.status, field).toBe(400);
      expect(said(response.body)).toContain(controlCharacterRefused(field));
    }
    expect(await t.sql("SELECT id FROM import_mappings")).toEqual([]);
  });

  it("still takes free text on several lines, and trims a name's surrounding line breaks", async () => {
    const user = await t.registerUser({ name: "\r\nAda Lovelace\n" });
    expect(user.name).toBe("Ada Lovelace");
    const bought = await t.trpc(
      "mutation",
      "portfolio.buy",
      { symbol: "AAPL", quantity: "1", purchasePrice: "100", notes: "first line\nsecond line" },
      user.token,
    );
    expect(bought.status).toBe(200);
  });
});

describe("mails", () => {
  it("write a value's line breaks as visible pictures, so a stored name cannot add lines", async () => {
    // A name stored before names were checked, straight into the database.
    await t.registerUser({ email: "eve@example.com" });
    await t.sql("UPDATE users SET name = ? WHERE email = ?", [
      "Eve\r\nBcc: victim@example.com\u2028X",
      "eve@example.com",
    ]);
    await t.request("POST", "/api/auth/forgot-password", { body: { email: "eve@example.com" } });
    await t.settled();
    const [mail] = await t.app.deps.repos.mailOutbox.listFor("eve@example.com");
    const lines = mail!.bodyText.split("\n");
    expect(lines[0]).toBe("Hello Eve\u240d\u240aBcc: victim@example.com\ufffdX,");
    expect(lines.some((text) => text.startsWith("Bcc:"))).toBe(false);
    expect(mail!.bodyText).not.toMatch(/[\r\u2028]/);
  });
});
