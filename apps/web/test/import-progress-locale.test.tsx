// @vitest-environment happy-dom
import type { ImportJobView } from "@ledgerline/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setFormatLocale } from "../src/lib/format";
import { ImportJobProgress } from "../src/routes/_app/import/-components/ImportJobPanel";

const writing: ImportJobView = {
  id: 7,
  status: "writing",
  done: 12_500,
  total: 20_000,
  result: null,
  error: null,
  createdAt: "2026-11-30T18:00:00.000Z",
  finishedAt: null,
};

const progressText = () => {
  render(<ImportJobProgress job={writing} onCancel={() => {}} cancelling={false} />);
  return screen
    .getByRole("progressbar", { name: "Import progress" })
    .getAttribute("aria-valuetext");
};

afterEach(() => {
  cleanup();
  setFormatLocale("en-US");
});

describe("an import's rows in the user's locale", () => {
  it("group thousands as de-DE does", () => {
    setFormatLocale("de-DE");
    expect(progressText()).toBe("12.500 of 20.000 rows");
  });

  it("stay the spec's text in en-US", () => {
    expect(progressText()).toBe("12,500 of 20,000 rows");
  });
});
