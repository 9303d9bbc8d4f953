// @vitest-environment happy-dom
import type { FailedJob } from "@ledgerline/contracts";
import type * as Router from "@tanstack/react-router";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FailedJobs } from "../src/routes/_app/_admin/-components/FailedJobs";
import { fakeTrpcServer, QueryWrapper } from "./support/fake-trpc-server";

// The confirmation is a dialog that takes a history entry (Back closes it): a memory history.
vi.mock("@tanstack/react-router", async (original) => {
  const actual: typeof Router = await original();
  const history = actual.createMemoryHistory({ initialEntries: ["/jobs"] });
  return { ...actual, useRouter: () => ({ history }) };
});

const job = (id: string, label: string, error: string): FailedJob => ({
  id,
  queue: "mail",
  label,
  error,
  attempts: 5,
  failedAt: "2026-03-11T15:04:00.000Z",
});
const reset = job("12", 'Mail "Reset your password" to ann@example.com', "relay refused");
const welcome = job("9", 'Mail "Welcome" to bob@example.com', "connection timed out");

const server = fakeTrpcServer({
  // After the first action the list is read again, and the job acted on is gone from it.
  "jobs.failed": (read) => ({
    data: read === 1 ? { jobs: [reset, welcome], total: 3 } : { jobs: [welcome], total: 2 },
  }),
  "jobs.retry": () => ({ data: { message: "Job queued again" } }),
  "jobs.remove": () => ({ data: { message: "Job removed" } }),
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe("an admin's failed jobs", () => {
  it("lists each job in words with its error and tries, and says when more are kept", async () => {
    render(
      <QueryWrapper>
        <FailedJobs queue="mail" />
      </QueryWrapper>,
    );
    const table = await screen.findByRole("table", { name: "Failed mail jobs" });
    expect(table.textContent).toContain('Mail "Reset your password" to ann@example.com');
    expect(table.textContent).toContain("relay refused");
    expect(table.textContent).toContain("connection timed out");
    expect(screen.getByText("The newest 2 of 3 failed jobs.")).toBeTruthy();
  });

  it("retries a job at once and reads the list again", async () => {
    render(
      <QueryWrapper>
        <FailedJobs queue="mail" />
      </QueryWrapper>,
    );
    fireEvent.click(await screen.findByRole("button", { name: `Retry ${reset.label}` }));
    await settle();
    expect(server.reads["jobs.retry"]).toBe(1);
    expect(server.reads["jobs.remove"]).toBe(0);
    await screen.findByText("The newest 1 of 2 failed jobs.");
    expect(screen.queryByRole("button", { name: `Retry ${reset.label}` })).toBeNull();
  });

  it("removes a job only once its confirmation is accepted", async () => {
    render(
      <QueryWrapper>
        <FailedJobs queue="mail" />
      </QueryWrapper>,
    );
    fireEvent.click(await screen.findByRole("button", { name: `Remove ${reset.label}` }));
    const dialog = await screen.findByRole("dialog", { name: "Remove failed job" });
    expect(dialog.textContent).toContain(reset.label);
    expect(server.reads["jobs.remove"]).toBe(0);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Remove" }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(server.reads["jobs.remove"]).toBe(1);
    await settle();
    expect(dialog.isConnected).toBe(false);
  });
});
