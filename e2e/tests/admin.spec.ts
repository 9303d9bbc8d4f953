import { messages } from "@ledgerline/contracts";
import { expect } from "@playwright/test";
import { demo, expectAccessible, openLanding, registerViaApi, signInViaApi } from "./support";
import { test } from "./polled-prices";

test("an admin resets a user's password and deletes a user from the Users page", async ({
  page,
  request,
}) => {
  const resetMe = await registerViaApi(request, "Reset Target");
  const deleteMe = await registerViaApi(request, "Delete Target");
  await signInViaApi(page, demo.admin.email, demo.admin.password);
  await openLanding(page);

  await page.getByRole("button", { name: "Admin" }).click();
  await page.getByRole("menuitem", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  for (const header of [
    "Name",
    "Email",
    "Role",
    "Created",
    "Last Login",
    "Logins",
    "Failed Logins",
  ]) {
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  await expectAccessible(page);
  const adminRow = page.getByRole("row", { name: new RegExp(demo.admin.email) });
  await expect(adminRow.getByText("Admins cannot be changed here")).toBeVisible();

  await page.getByRole("button", { name: `Reset password of ${resetMe.email}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(resetMe.email);
  await expectAccessible(page);
  await dialog.getByLabel("New password", { exact: true }).fill("set-by-admin-42");
  await dialog.getByRole("button", { name: "Reset password" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Password reset for ${resetMe.email}`)).toBeVisible();
  expect(
    (
      await request.post("/api/auth/login", {
        data: { email: resetMe.email, password: "set-by-admin-42" },
      })
    ).status(),
  ).toBe(200);

  await page.getByRole("button", { name: `Delete ${deleteMe.email}` }).click();
  await expect(page.getByRole("dialog")).toContainText(messages.confirmDeleteUser);
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  // While the dialog is open the table is inert and has no rows to count: wait for the answer.
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("row", { name: new RegExp(deleteMe.email) })).toHaveCount(0);
  expect(
    (
      await request.post("/api/auth/login", {
        data: { email: deleteMe.email, password: deleteMe.password },
      })
    ).status(),
  ).toBe(400);
});

test("an admin filters, sorts and pages the audit log, and the view lives in the URL", async ({
  page,
  request,
}) => {
  const noisy = await registerViaApi(request, "Audit Subject");
  for (let i = 0; i < 12; i++) {
    await request.post("/api/auth/login", { data: { email: noisy.email, password: `wrong-${i}` } });
  }
  await signInViaApi(page, demo.admin.email, demo.admin.password);
  await page.goto("/audit-logs");
  await expect(page.getByRole("heading", { name: "Audit Logs" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Email").fill(noisy.email);
  await page.getByLabel("Outcome").selectOption("false");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/success=false/);
  await expect(page.getByText(/Showing 1–10 of \d+/)).toBeVisible();
  const rows = page.getByRole("row");
  await expect(rows).toHaveCount(11);
  await expect(page.getByRole("cell", { name: "Failure", exact: true }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "N/A" })).toHaveCount(0);

  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("button", { name: "Page 2" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  const timestampHeader = page.getByRole("columnheader", { name: "Timestamp" });
  await expect(timestampHeader).toHaveAttribute("aria-sort", "descending");
  await timestampHeader.getByRole("button").click();
  await expect(timestampHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/sortOrder=asc/);
  await page.getByRole("columnheader", { name: "Email" }).getByRole("button").click();
  await expect(page.getByRole("columnheader", { name: "Email" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );

  await page.reload();
  await expect(page.getByRole("columnheader", { name: "Email" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(page.getByLabel("Email")).toHaveValue(noisy.email);

  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(page).not.toHaveURL(/success=/);
});

test("the Admin menu closes on an outside click", async ({ page }) => {
  await signInViaApi(page, demo.admin.email, demo.admin.password);
  await openLanding(page);
  await page.getByRole("button", { name: "Admin" }).click();
  await expect(page.getByRole("menuitem", { name: "Audit Logs" })).toBeVisible();
  await page.getByRole("heading", { name: /Welcome back/ }).click();
  await expect(page.getByRole("menuitem", { name: "Audit Logs" })).toBeHidden();
});

test("a non-admin is sent to /access-denied from Users and home from Audit Logs", async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request, "Curious User");
  await signInViaApi(page, user.email, user.password);
  await openLanding(page);
  await expect(page.getByRole("button", { name: "Admin" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "User Management" })).toHaveCount(0);
  await page.goto("/users");
  await expect(page).toHaveURL(/\/access-denied$/);
  await expect(page.getByText(messages.registeredUsersOnly)).toBeVisible();
  await page.goto("/audit-logs");
  await expect(page).toHaveURL(/\/$/);
});

test("the admin landing page offers the admin tools", async ({ page }) => {
  await signInViaApi(page, demo.admin.email, demo.admin.password);
  await openLanding(page);
  await expect(page.getByRole("link", { name: /User Management/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Audit Logs/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Account Settings/ })).toBeVisible();
});
