// @vitest-environment happy-dom
import type { Notification } from "@ledgerline/contracts";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import NotificationBell from "../src/components/layout/NotificationBell";
import { fakeTrpcServer, QueryWrapper } from "./support/fake-trpc-server";

// Counts how often the menu's module (and with it the menu library) is loaded.
const loads = vi.hoisted(() => ({ menu: 0 }));
vi.mock("../src/components/layout/NotificationMenu", async (original) => {
  loads.menu += 1;
  return original();
});
// The menu's "Your alerts" link needs no router to be checked here.
vi.mock("@tanstack/react-router", () => ({
  Link: ({ to, ...props }: { to: string }) => <a href={to} {...props} />,
}));

const notifications: Notification[] = [
  {
    id: 1,
    kind: "alert",
    message: "BTC is at or above $100,000.00",
    createdAt: "2026-03-02T15:00:00.000Z",
  },
];

fakeTrpcServer({ "notifications.list": () => ({ data: notifications }) });
beforeEach(() => {
  document.body.innerHTML = '<header data-navbar><nav aria-label="Main"></nav></header>';
});

const renderBell = () =>
  render(
    <QueryWrapper>
      <NotificationBell />
    </QueryWrapper>,
    { container: document.body.appendChild(document.createElement("div")) },
  );

describe("the notification bell", () => {
  it("shows the unread count without loading its menu, and opens the menu on the first press", async () => {
    renderBell();
    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread" });
    expect(bell.getAttribute("aria-expanded")).toBe("false");
    expect(loads.menu).toBe(0);

    await act(async () => {
      fireEvent.click(bell);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const menu = await screen.findByRole("menu", { name: "Notifications, 1 unread" });
    expect(menu.textContent).toContain("BTC is at or above $100,000.00");
    expect(loads.menu).toBe(1);
  });
});
