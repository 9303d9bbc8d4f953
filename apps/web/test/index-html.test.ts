// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

it("keeps #root from being the body's last child, so an element added to the body (a chart's colour parsing, a dialog) does not restyle the whole app", () => {
  const html = readFileSync(join(import.meta.dirname, "..", "index.html"), "utf8");
  const page = new DOMParser().parseFromString(html, "text/html");
  const after = page.getElementById("root")?.nextElementSibling;
  expect(after?.tagName).toBe("DIV");
  expect(after?.hasAttribute("hidden")).toBe(true);
});
