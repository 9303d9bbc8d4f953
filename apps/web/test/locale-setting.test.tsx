// @vitest-environment happy-dom
import { localeMessages } from "@ledgerline/contracts/browser";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LocaleSetting } from "../src/routes/_app/-components/LocaleSetting";
import { sessionStore } from "../src/lib/session";
import { fakeTrpcServer, QueryWrapper } from "./support/fake-trpc-server";

const toasts = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock("../src/lib/notify", () => ({ notify: toasts }));

const server = fakeTrpcServer({
  "locale.set": () => ({ data: { locale: "de-DE" } }),
});

afterEach(() => sessionStore.signOut("logout"));

describe("the language and region setting", () => {
  it("saves the chosen locale and keeps it in the session's user", async () => {
    sessionStore.signIn({
      token: "t",
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      id: 1,
      email: "ada@example.com",
      name: "Ada",
      isAdmin: false,
      lastLoginDate: null,
      previousLoginDate: null,
      createdDate: "2026-03-02T15:00:00.000Z",
      numberOfLogins: 1,
      failedLogins: 0,
      locale: "en-US",
    });
    render(
      <QueryWrapper>
        <LocaleSetting />
      </QueryWrapper>,
    );
    const select = screen.getByLabelText<HTMLSelectElement>("Write numbers and dates as in");
    expect(select.value).toBe("en-US");
    await act(async () => {
      fireEvent.change(select, { target: { value: "de-DE" } });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(server.reads["locale.set"]).toBe(1);
    expect(toasts.success).toHaveBeenCalledWith(localeMessages.saved);
    expect(sessionStore.get()?.user.locale).toBe("de-DE");
    expect(select.value).toBe("de-DE");
  });
});
