import sharp from "sharp";
import { expect, test } from "./fixtures";
import { loginAsSeller, placePaidOrder } from "./admin-helpers";

/** Proof of delivery (issue 29, docs/decisions/043): the seller's screenshots reach the buyer's order page. */

/** A screenshot-like PNG (a phone screen's shape, one colour). */
const screenshot = (colour: string) =>
  sharp({ create: { width: 360, height: 720, channels: 3, background: colour } })
    .png()
    .toBuffer();

test("the seller delivers with two screenshots; the buyer's order page shows them", async ({ page, request }) => {
  const orderId = await placePaidOrder(request, "proof");
  await loginAsSeller(page, { next: `/admin/orders/${orderId}` });
  await page.getByRole("button", { name: "Mark in progress" }).click();
  await expect(page.getByRole("status").getByText("Marked in progress.")).toBeVisible();

  await page.getByLabel("Note for the buyer").fill("The gift is in your inventory.");
  await page.getByLabel("Delivery record (private)").fill("Gifted to proofGame at 14:05, screenshots attached");
  await page.getByLabel(/^Screenshots/).setInputFiles([
    { name: "gift-received.png", mimeType: "image/png", buffer: await screenshot("#2255aa") },
    { name: "inventory.png", mimeType: "image/png", buffer: await screenshot("#aa5522") },
  ]);
  await page.getByRole("button", { name: "Mark delivered" }).click();
  await expect(page.getByRole("status").getByText(/Delivered with 2 screenshots/)).toBeVisible();
  const delivery = page.getByRole("region", { name: "Delivery" });
  await expect(delivery.getByRole("img", { name: /^Screenshot [12] \(delivery\)$/ })).toHaveCount(2);
  // The console's thumbnails load (the console route serves them to the signed-in seller).
  await expect
    .poll(() =>
      delivery
        .getByRole("img")
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(360);

  // The buyer, through the order's signed link.
  const statusPath = await page.getByRole("link", { name: "Buyer's status page (new tab)" }).getAttribute("href");
  await page.context().clearCookies();
  await page.goto(statusPath!);
  await expect(page.getByTestId("order-status")).toHaveText("Delivered");
  const proofs = page.getByTestId("delivery-proofs");
  await expect(proofs.getByRole("heading", { name: "Proof of delivery" })).toBeVisible();
  const images = proofs.getByRole("img");
  await expect(images).toHaveCount(2);
});
