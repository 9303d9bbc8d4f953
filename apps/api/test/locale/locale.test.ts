import { localeMessages, type AuthUser, type SessionUser } from "@ledgerline/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, trpcData, type TestApp } from "../support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

async function storedLocale(id: number) {
  const [row] = await t.sql<{ locale: string }>("SELECT locale FROM users WHERE id = ?", [id]);
  return row?.locale;
}

describe("the locale at registration", () => {
  it("keeps the browser's locale the register form sends, and answers it", async () => {
    const response = await t.request("POST", "/api/auth/register", {
      body: {
        email: "de@example.com",
        name: "Grete",
        password: "correct-horse-42",
        locale: "de-DE",
      },
    });
    expect(response.status).toBe(200);
    const user = response.body as unknown as AuthUser;
    expect(user.locale).toBe("de-DE");
    expect(await storedLocale(user.id)).toBe("de-DE");
  });

  it("is en-US when none is sent, and refuses one off the list with a 400", async () => {
    const user = await t.registerUser();
    expect(user.locale).toBe("en-US");
    const refused = await t.request("POST", "/api/auth/register", {
      body: { email: "xx@example.com", name: "X", password: "correct-horse-42", locale: "xx-XX" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body?.message).toBe(localeMessages.unknownLocale);
  });

  it("takes the closest to Accept-Language when none is sent, the form's when one is", async () => {
    const register = (email: string, acceptLanguage: string, locale?: string) =>
      t.request("POST", "/api/auth/register", {
        body: { email, name: "X", password: "correct-horse-42", ...(locale ? { locale } : {}) },
        headers: { "accept-language": acceptLanguage },
      });
    const swiss = await register("ch@example.com", "de-CH,de;q=0.9,en;q=0.8");
    expect(swiss.status).toBe(200);
    expect((swiss.body as unknown as AuthUser).locale).toBe("de-CH");
    expect(await storedLocale((swiss.body as unknown as AuthUser).id)).toBe("de-CH");
    // Quality, not order, ranks the tags; q=0 refuses one; an unknown language falls through.
    const weighted = await register("fr@example.com", "de;q=0, ja, es;q=0.5, fr;q=0.9");
    expect((weighted.body as unknown as AuthUser).locale).toBe("fr-FR");
    const unknown = await register("ja@example.com", "ja-JP, *;q=0.1");
    expect((unknown.body as unknown as AuthUser).locale).toBe("en-US");
    const chosen = await register("gb@example.com", "de-DE", "en-GB");
    expect((chosen.body as unknown as AuthUser).locale).toBe("en-GB");
  });
});

describe("the locale in account settings", () => {
  it("changes over REST, shows in the restored session, and is each user's own", async () => {
    const user = await t.registerUser();
    expect((await t.request("GET", "/api/users/locale", { token: user.token })).body).toEqual({
      locale: "en-US",
    });
    const set = await t.request("PUT", "/api/users/locale", {
      token: user.token,
      body: { locale: "de-DE" },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ locale: "de-DE" });
    expect((await t.request("GET", "/api/users/locale", { token: user.token })).body).toEqual({
      locale: "de-DE",
    });
    const session = trpcData<SessionUser>(
      await t.trpc("query", "auth.session", undefined, user.token),
    );
    expect(session.locale).toBe("de-DE");
    const other = await t.registerUser();
    expect((await t.request("GET", "/api/users/locale", { token: other.token })).body).toEqual({
      locale: "en-US",
    });
  });

  it("refuses a locale off the list with a 400 and changes nothing, on both doors", async () => {
    const user = await t.registerUser();
    for (const locale of ["de", "de-de", "ja-JP", "", 7, null]) {
      const response = await t.request("PUT", "/api/users/locale", {
        token: user.token,
        body: { locale },
      });
      expect(response.status).toBe(400);
      expect(response.body?.message).toBe(localeMessages.unknownLocale);
    }
    const bad = await t.trpc("mutation", "locale.set", { locale: "tlh-KL" }, user.token);
    expect(bad.status).toBe(400);
    expect(await storedLocale(user.id)).toBe("en-US");
    const set = await t.trpc("mutation", "locale.set", { locale: "fr-FR" }, user.token);
    expect(trpcData(set)).toEqual({ locale: "fr-FR" });
    expect(await storedLocale(user.id)).toBe("fr-FR");
  });

  it("asks for a signed-in user", async () => {
    expect((await t.request("GET", "/api/users/locale")).status).toBe(401);
    const response = await t.request("PUT", "/api/users/locale", { body: { locale: "de-DE" } });
    expect(response.status).toBe(401);
  });
});
