import {
  combobox,
  dialog,
  expect,
  expectNoAxeViolations,
  expectToast,
  openPortal,
  PORTAL,
  test,
} from "./portal-fixtures";

test.beforeEach(async ({ createAdmin, signIn }) => {
  await signIn(await createAdmin({ role: "admin" }));
});

// The demo seeds new applications; each project (desktop, phone) decides on its own applicant,
// so the two runs never take the same one.
const applicantFor = (project: string) =>
  project === "portal-phone" ? "Ngozi Okafor" : "Segun Afolabi";

test(
  "staff filter the applications, open one and offer a place",
  { tag: "@phone" },
  async ({ page }, testInfo) => {
    // Four axe runs on a busy machine.
    test.setTimeout(90_000);
    const applicant = applicantFor(testInfo.project.name);
    await openPortal(page, `${PORTAL}/students`);
    await expect(page.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();
    await expectNoAxeViolations(page, "students, applications");

    await combobox(page, "Filter by status").selectOption("new");
    await expect(page).toHaveURL(/status=new/);
    await page.getByRole("searchbox", { name: "Search applications" }).fill(applicant);
    await expect(page).toHaveURL(/q=/);
    const list = page.getByRole("region", { name: "Applications" });
    await expect(list.getByRole("link")).toHaveCount(1);
    await list.getByRole("link", { name: new RegExp(applicant) }).click();

    const details = page.getByRole("region", { name: "Application details" });
    await expect(details.getByRole("heading", { level: 2, name: applicant })).toBeVisible();
    await expect(details.getByText(/^Opened by /)).toBeVisible();
    await expectNoAxeViolations(page, "students, an application");

    await details.getByRole("link", { name: "Offer a place" }).click();
    const offer = dialog(page, "Offer a place");
    await expect(offer.getByLabel("Accept by (Lagos time)")).not.toHaveValue("");
    await expectNoAxeViolations(page, "students, offer");
    await offer.getByRole("button", { name: "Offer a place" }).click();
    await expectToast(page, "Place offered.");
    await expect(details.getByText(/^Place offered by /)).toBeVisible();
    await expect(details.getByText(/Lagos time\) · .+ left$/)).toBeVisible();
    await expect(details.getByRole("link", { name: "Mark enrolled" })).toBeVisible();
  },
);

test("the Students tab lists the enrolled students by intake", async ({ page }) => {
  await openPortal(page, `${PORTAL}/students`);
  await page
    .getByRole("navigation", { name: "Students tabs" })
    .getByRole("link", { name: "Students" })
    .click();
  await expect(page).toHaveURL(/tab=students/);
  await expect(page.getByText("Chiamaka Eze").first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Print class list/ }).first()).toBeVisible();
  await expectNoAxeViolations(page, "students tab");
});

// The payment section is drawn inside the application's detail, and both load on demand: the
// route starts the section's code beside the detail's (lazyPart's preload), not after it.
test("opening an application fetches its payment section's code beside the detail's", async ({
  page,
}) => {
  await openPortal(page, `${PORTAL}/students?q=Chiamaka`);
  const events: string[] = [];
  // A slow detail chunk: the section's must not wait for it.
  await page.route(/\/application-detail-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  page.on("request", (request) => {
    if (/\/payment-section-[\w-]+\.js$/.test(request.url())) events.push("section requested");
  });
  page.on("requestfinished", (request) => {
    if (/\/application-detail-[\w-]+\.js$/.test(request.url())) events.push("detail loaded");
  });
  await page
    .getByRole("region", { name: "Applications" })
    .getByRole("link", { name: /Chiamaka Eze/ })
    .click();
  await expect(page.getByRole("region", { name: "Payments" })).toBeVisible();
  expect(events).toEqual(["section requested", "detail loaded"]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // The detail and the payments feature's section are loaded on demand in the browser
  // (lazyPart); the server still sends them in the page.
  test("an opened application is in the page, with its payments", async ({ page }) => {
    await page.goto(`${PORTAL}/students?q=Chiamaka`);
    await page
      .getByRole("region", { name: "Applications" })
      .getByRole("link", { name: /Chiamaka Eze/ })
      .click();
    const details = page.getByRole("region", { name: "Application details" });
    await expect(details.getByRole("heading", { level: 2, name: "Chiamaka Eze" })).toBeVisible();
    await expect(details.getByRole("region", { name: "Payments" })).toBeVisible();
    await expect(page.getByRole("status", { name: "Loading the details" })).toHaveCount(0);
  });
});
