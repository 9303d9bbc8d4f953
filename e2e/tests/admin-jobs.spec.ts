import { expect } from "@playwright/test";
import { demo, expectAccessible, openLanding, registerViaApi, signInViaApi } from "./support";
import { shootBothThemes } from "./shots";
import { test } from "./polled-prices";

// Issue 34: admins see the queues, each one's jobs per state and its failed jobs.

test("an admin opens Background Jobs from the admin menu and reads each queue's counts", async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request, "Jobs Reader");
  await signInViaApi(page, demo.admin.email, demo.admin.password);
  await openLanding(page);
  await page.getByRole("button", { name: "Admin" }).click();
  await page.getByRole("menuitem", { name: "Jobs" }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page.getByRole("heading", { name: "Background Jobs", level: 1 })).toBeVisible();
  await expect(page.getByText("This process's own queues (no Redis configured)")).toBeVisible();

  const counts = page.getByRole("table", { name: "Jobs per queue and state" });
  for (const header of ["Queue", "Waiting", "Running", "Delayed", "Completed", "Failed"]) {
    await expect(counts.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  for (const queue of ["Value history", "Corporate actions", "Alerts", "Mail"]) {
    await expect(counts.getByRole("row", { name: new RegExp(`^${queue}`) })).toBeVisible();
  }
  const mailRow = counts.getByRole("row", { name: /^Mail/ });
  const completedBefore = Number(await mailRow.getByRole("cell").nth(4).textContent());

  // A reset mail is a job of the mail queue: the page counts it without being reloaded.
  await request.post("/api/auth/forgot-password", { data: { email: user.email } });
  await expect
    .poll(async () => Number(await mailRow.getByRole("cell").nth(4).textContent()), {
      timeout: 15_000,
    })
    .toBeGreaterThan(completedBefore);

  await expect(page.getByRole("heading", { name: "Failed jobs" })).toBeVisible();
  await page.getByLabel("Queue", { exact: true }).selectOption("mail");
  await expect(
    page
      .getByRole("table", { name: "Failed mail jobs" })
      .getByText("No failed jobs in this queue."),
  ).toBeVisible();
  await expectAccessible(page);
  await shootBothThemes(page, "admin-jobs", () =>
    expect(page.getByRole("heading", { name: "Failed jobs" })).toBeVisible(),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await shootBothThemes(page, "admin-jobs", () =>
    expect(page.getByRole("heading", { name: "Failed jobs" })).toBeVisible(),
  );
});

test("a signed-in user who is not an admin is sent away from Background Jobs", async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request, "Not Admin");
  await signInViaApi(page, user.email, user.password);
  await page.goto("/jobs");
  await expect(page).toHaveURL(/\/access-denied$/);
});
