// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useImportJob } from "../src/routes/_app/import/-components/useImportJob";
import { fakeTrpcServer, QueryWrapper } from "./support/fake-trpc-server";

// The server refuses a second import while one of the user's runs (issue 34), as tRPC's 409.
const { reads } = fakeTrpcServer({
  "import.latest": () => ({ data: null }),
  "import.start": () => ({
    status: 409,
    error: {
      message: "An import of yours is still running",
      code: -32009,
      data: { code: "CONFLICT", httpStatus: 409 },
    },
  }),
});

/** The page's Import button and where it shows a refused start. */
function StartOnPage() {
  const state = useImportJob();
  return (
    <>
      <button onClick={() => state.start({ source: "ledgerline", csv: "a\n", skipInvalid: true })}>
        Import
      </button>
      {state.startError && <p role="alert">{state.startError}</p>}
    </>
  );
}

describe("an import started while another of the user's runs", () => {
  it("says on the page that one is still running, in the page's words", async () => {
    render(<StartOnPage />, { wrapper: QueryWrapper });
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "An import of yours is still running: wait for it to finish or cancel it, then import this file.",
    );
    expect(reads["import.start"]).toBe(1);
  });
});
