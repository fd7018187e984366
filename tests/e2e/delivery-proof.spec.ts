import sharp from "sharp";
import { expect, test } from "./fixtures";
import { buyer, loginAsSeller, placeOrder, placePaidOrder } from "./admin-helpers";
import { prepare } from "./helpers";

/** Proof of delivery (issue 29, docs/decisions/043): the seller's screenshots reach the buyer's order page. */

/** A screenshot-like PNG (a phone screen's shape, one colour). */
const screenshot = (colour: string) =>
  sharp({ create: { width: 360, height: 720, channels: 3, background: colour } })
    .png()
    .toBuffer();

test("the seller delivers with two screenshots; the buyer's order page shows them", async ({ page, request, browser }) => {
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

  // The buyer, through the order's signed link, in a browser of their own (no console session).
  const statusPath = await page.getByRole("link", { name: "Buyer's status page (new tab)" }).getAttribute("href");
  const buyerPage = await (await browser.newContext()).newPage();
  await prepare(buyerPage);
  await buyerPage.goto(statusPath!);
  await expect(buyerPage.getByTestId("order-status")).toHaveText("Delivered");
  const proofs = buyerPage.getByTestId("delivery-proofs");
  await expect(proofs.getByRole("heading", { name: "Proof of delivery" })).toBeVisible();
  const images = proofs.getByRole("img", { name: /^Delivery screenshot [12] of 2$/ });
  await expect(images).toHaveCount(2);
  await expect(proofs.getByRole("link", { name: "Open screenshot 1 full size (new tab)" })).toBeVisible();
  const src = await images.first().getAttribute("src");
  await images.first().scrollIntoViewIfNeeded();
  await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(360);
  const own = await request.get(src!);
  expect(own.status()).toBe(200);
  expect(own.headers()["content-type"]).toMatch(/^image\//);

  // Another order's key does not open it, nor does a wrong one, nor this key on another order.
  const other = await placeOrder(request, buyer("proof-other"));
  const otherKey = new URL(other.statusPath, "http://x").searchParams.get("k")!;
  const proofUrl = new URL(src!, "http://x");
  const ownKey = proofUrl.searchParams.get("k")!;
  expect(otherKey).not.toBe(ownKey);
  expect((await request.get(`${proofUrl.pathname}?k=${otherKey}`)).status()).toBe(404);
  expect((await request.get(`${proofUrl.pathname}?k=${ownKey.slice(0, -2)}AA`)).status()).toBe(404);
  expect((await request.get(proofUrl.pathname)).status()).toBe(404);
  expect((await request.get(`/order/${other.id}/proofs/${proofUrl.pathname.split("/").pop()}?k=${otherKey}`)).status()).toBe(404);
  await buyerPage.context().close();
});
