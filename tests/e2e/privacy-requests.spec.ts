import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { buyer, loginAsSeller, placeOrder, uniqueEmail } from "./admin-helpers";
import { prepare } from "./helpers";
import { linkIn, waitForMail } from "./mailbox";

/** Buyers' data requests (issue 27, docs/decisions/041): asked on the order page, confirmed by mail. */

test("a buyer asks for their data on the order page, confirms through the mailed link and downloads it; the seller sees the request", async ({
  page,
  request,
}) => {
  test.slow(); // the outbox's mail
  const email = uniqueEmail("privacy");
  const order = await placeOrder(request, buyer("privacy", email));
  await prepare(page);
  await page.goto(order.statusPath);

  const panel = page.getByRole("region", { name: "Your data" });
  await panel.getByRole("button", { name: "Send me my data" }).click();
  await expect(panel.getByRole("status")).toHaveText("Check your inbox: we sent a link to confirm the download. It works once, for 24 hours.");

  const mail = await waitForMail(request, email, /a copy of your data/);
  const link = linkIn(mail, /^\/privacy-request$/);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Your data request" })).toBeVisible();
  await expect(page.getByText(order.id)).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^trigger-shop-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await file.path())!, "utf8")) as { email: string; orders: { id: string; email: string; items: unknown[] }[] };
  expect(data.email).toBe(email);
  expect(data.orders.map((o) => o.id)).toEqual([order.id]);
  expect(data.orders[0]!.items).toHaveLength(1);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("This link was already used. Ask again from your order's page if you need to.");

  // The seller's console lists it.
  await loginAsSeller(page, { next: "/admin/privacy" });
  const requests = page.getByRole("table", { name: "Buyers' data requests" });
  await expect(requests.getByRole("row").filter({ hasText: order.id })).toContainText("Done");
});
