// @vitest-environment happy-dom
import type { ImportJobView } from "@ledgerline/contracts";
import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useImportJob } from "../src/routes/_app/import/-components/useImportJob";
import { fakeTrpcServer, QueryWrapper } from "./support/fake-trpc-server";

const done: ImportJobView = {
  id: 7,
  status: "done",
  done: 20_000,
  total: 20_000,
  result: {
    imported: 20_000,
    income: 0,
    splits: 0,
    cash: 0,
    duplicates: 0,
    skipped: 0,
    errors: 0,
  },
  error: null,
  createdAt: "2026-11-30T18:00:00.000Z",
  finishedAt: "2026-11-30T18:00:09.000Z",
};

// No job when the page first opens; the import then started elsewhere (another tab) has ended.
const { reads } = fakeTrpcServer({
  "import.latest": (read) => ({ data: read === 1 ? null : done }),
  "import.status": () => ({ data: done }),
});

describe("the import page opened again", () => {
  it("reads the latest job again, so a job begun since it was last open is shown", async () => {
    const first = renderHook(() => useImportJob(), { wrapper: QueryWrapper });
    await waitFor(() => expect(reads["import.latest"]).toBe(1));
    expect(first.result.current.job).toBeNull();
    first.unmount();

    // Seconds later, well within the cache's 30 s of freshness: back through the menu.
    const again = renderHook(() => useImportJob(), { wrapper: QueryWrapper });
    await waitFor(() => expect(again.result.current.job?.status).toBe("done"));
    expect(again.result.current.job?.result?.imported).toBe(20_000);
    expect(reads["import.latest"]).toBe(2);
  });
});
