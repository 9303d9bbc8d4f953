// @vitest-environment happy-dom
import type { ApiKeyView } from "@ledgerline/contracts";
import type * as Router from "@tanstack/react-router";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiKeys } from "../src/routes/_app/-components/ApiKeys";
import { fakeTrpcServer, QueryWrapper } from "./support/fake-trpc-server";

// The confirmation is a dialog that takes a history entry (Back closes it): a memory history.
vi.mock("@tanstack/react-router", async (original) => {
  const actual: typeof Router = await original();
  const history = actual.createMemoryHistory({ initialEntries: ["/account"] });
  return { ...actual, useRouter: () => ({ history }) };
});

const keys: ApiKeyView[] = [
  {
    id: 7,
    name: "Nightly export",
    scope: "read",
    keyStart: "ll_ab12",
    createdAt: "2026-03-02T15:00:00.000Z",
    lastUsedAt: null,
    expiresAt: null,
  },
];

const server = fakeTrpcServer({
  "apiKeys.list": () => ({ data: keys }),
  "apiKeys.revoke": () => ({ data: { message: "Revoked" } }),
});

describe("the API keys card", () => {
  it("lists the keys and revokes one only once its confirmation is accepted", async () => {
    render(
      <QueryWrapper>
        <ApiKeys />
      </QueryWrapper>,
    );
    const table = await screen.findByRole("table", { name: "Your API keys" });
    expect(table.textContent).toContain("Nightly export");
    expect(table.textContent).toContain("ll_ab12…");
    expect(table.textContent).toContain("Read only");
    expect(table.textContent).toContain("Never");

    fireEvent.click(screen.getByRole("button", { name: "Revoke Nightly export" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke Nightly export?" });
    expect(server.reads["apiKeys.revoke"]).toBe(0);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Revoke key" }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(server.reads["apiKeys.revoke"]).toBe(1);
    expect(dialog.isConnected).toBe(false);
  });
});
