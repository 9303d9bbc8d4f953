// @vitest-environment happy-dom
import type { ImportJobView } from "@ledgerline/contracts";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  ImportJobEnded,
  ImportJobUnderWay,
} from "../src/routes/_app/import/-components/ImportJobPanel";
import { useImportJob } from "../src/routes/_app/import/-components/useImportJob";
import { fakeTrpcServer, QueryWrapper } from "./support/fake-trpc-server";

// Another import is ahead of this one in the queue: it waits, no worker has it yet.
const queued: ImportJobView = {
  id: 8,
  status: "queued",
  done: 0,
  total: 0,
  result: null,
  error: null,
  createdAt: "2026-11-30T18:00:00.000Z",
  finishedAt: null,
};
const cancelled: ImportJobView = {
  ...queued,
  status: "cancelled",
  finishedAt: "2026-11-30T18:00:02.000Z",
};

const { reads } = fakeTrpcServer({
  "import.latest": () => ({ data: queued }),
  "import.status": () => ({ data: queued }),
  "import.cancel": () => ({ data: cancelled }),
});

/** The import page's job, as it shows it: under way, else how it ended. */
function JobOnPage() {
  const state = useImportJob();
  if (state.running) return <ImportJobUnderWay state={state} />;
  return state.job ? <ImportJobEnded job={state.job} /> : null;
}

describe("an import queued behind another", () => {
  it("can be cancelled: the button is live, and the page then says it was cancelled", async () => {
    render(<JobOnPage />, { wrapper: QueryWrapper });
    const button = await screen.findByRole("button", { name: "Cancel the import" });
    expect(screen.getByText("Waiting to start…")).toBeTruthy();
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(button.getAttribute("aria-busy")).not.toBe("true");

    fireEvent.click(button);
    await waitFor(() => expect(screen.getByText("Import cancelled")).toBeTruthy());
    expect(reads["import.cancel"]).toBe(1);
    expect(screen.queryByRole("progressbar")).toBeNull();
  });
});
