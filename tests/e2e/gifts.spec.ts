import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { prepare, seedCart } from "./helpers";

/**
 * The gift flow end to end (issue 29, docs/decisions/042), in each language: from a gifting
 * product's page to the gift form, the fake PayPal (default scenario: paid) and the gift
 * confirmation; a gift form left unpaid never turns a later permanent order into a gift; the
 * details dialog follows what the cart holds.
 */

const LANGS = {
  en: {
    prefix: "",
    sendAsGift: "Send as a gift: King Kong Ultra Gift Trigger",
    email: "Your email",
    name: "Your name",
    discord: "Your Discord username",
    recipient: "Recipient's IMVU username",
    submit: "Continue to payment",
    proceed: "Proceed to Card Payment",
    giftDialog: "Gift Order Information",
    dialog: "Payment Details",
    cont: "Continue",
    detailsEmail: "Email",
    detailsName: "Full name",
    detailsDiscord: "Discord username",
    detailsGame: "Game username",
    cardBox: "Instant card purchase",
    cardButton: "Pay now with card",
    thanks: "Thank you for your gift order!",
  },
  fr: {
    prefix: "/fr",
    sendAsGift: "Offrir en cadeau : King Kong Ultra Gift Trigger",
    email: "Votre e-mail",
    name: "Votre nom",
    discord: "Votre pseudo Discord",
    recipient: "Pseudo IMVU du destinataire",
    submit: "Continuer vers le paiement",
    proceed: "Payer par carte",
    giftDialog: "Informations de la commande cadeau",
    dialog: "Informations de paiement",
    cont: "Continuer",
    detailsEmail: "E-mail",
    detailsName: "Nom complet",
    detailsDiscord: "Pseudo Discord",
    detailsGame: "Pseudo de jeu",
    cardBox: "Achat immédiat par carte",
    cardButton: "Payer par carte",
    thanks: "Merci pour votre commande cadeau !",
  },
  es: {
    prefix: "/es",
    sendAsGift: "Enviar como regalo: King Kong Ultra Gift Trigger",
    email: "Tu correo electrónico",
    name: "Tu nombre",
    discord: "Tu usuario de Discord",
    recipient: "Usuario de IMVU del destinatario",
    submit: "Continuar al pago",
    proceed: "Pagar con tarjeta",
    giftDialog: "Datos del pedido de regalo",
    dialog: "Datos de pago",
    cont: "Continuar",
    detailsEmail: "Correo electrónico",
    detailsName: "Nombre completo",
    detailsDiscord: "Usuario de Discord",
    detailsGame: "Usuario del juego",
    cardBox: "Compra inmediata con tarjeta",
    cardButton: "Pagar con tarjeta",
    thanks: "¡Gracias por tu pedido de regalo!",
  },
} as const;

type Strings = (typeof LANGS)[keyof typeof LANGS];

const payPalButton = (page: Page) => page.getByRole("button", { name: "PayPal", exact: true });

async function fillGiftForm(page: Page, s: Strings, recipient: string) {
  await page.getByLabel(s.email).fill("gifter@example.com");
  await page.getByLabel(s.name).fill("Alex");
  await page.getByLabel(s.discord).fill("alex#1");
  await page.getByLabel(s.recipient).fill(recipient);
  await page.getByRole("button", { name: s.submit }).click();
}

for (const [lang, s] of Object.entries(LANGS)) {
  test.describe(`gifts in ${lang}`, () => {
    test("from a gifting product's page to the gift form, paid through PayPal, confirmed on /thank-you", async ({ page }) => {
      await prepare(page);
      await page.goto(`${s.prefix}/product/king-kong-ultra-gift`);
      await page.getByRole("link", { name: s.sendAsGift }).click();
      await expect(page).toHaveURL(new RegExp(`${s.prefix}/gift-checkout/king-kong-ultra-gift$`));
      await fillGiftForm(page, s, "Lucky Friend_1");
      await expect(page).toHaveURL(new RegExp(`${s.prefix}/checkout\\?gift=true&product=king-kong-ultra-gift$`));
      await page.getByRole("button", { name: s.proceed }).click();
      const dialog = page.getByRole("dialog", { name: s.giftDialog });
      await expect(dialog.getByLabel(s.detailsGame)).toHaveValue("Lucky Friend_1");
      await dialog.getByRole("button", { name: s.cont }).click();
      await expect(dialog).toBeHidden();
      await payPalButton(page).click();
      await expect(page).toHaveURL(new RegExp(`${s.prefix}/thank-you$`));
      await expect(page.getByRole("heading", { level: 1, name: s.thanks })).toBeVisible();
      await expect(page.getByText("Lucky Friend_1", { exact: true })).toBeVisible();
      await expect(page.getByText("King Kong Ultra Gift Trigger", { exact: true })).toBeVisible();
    });

    test("a permanent trigger bought after an abandoned gift form lands on /login-required", async ({ page }) => {
      await prepare(page);
      await page.goto(`${s.prefix}/gift-checkout/king-kong-ultra-gift`);
      await fillGiftForm(page, s, "Old Friend_1");
      await expect(page).toHaveURL(/gift=true/);
      // Abandoned: the buyer pays for a permanent trigger from its page instead.
      await page.goto(`${s.prefix}/product/2`);
      const box = page.getByRole("region", { name: s.cardBox });
      await box.getByRole("button", { name: s.cardButton }).click();
      const dialog = page.getByRole("dialog", { name: s.dialog });
      // The old gift form fills nothing here.
      await expect(dialog.getByLabel(s.detailsGame)).not.toHaveValue("Old Friend_1");
      await dialog.getByLabel(s.detailsEmail).fill("buyer@example.com");
      await dialog.getByLabel(s.detailsName).fill("Sam Buyer");
      await dialog.getByLabel(s.detailsDiscord).fill("sam#0001");
      await dialog.getByLabel(s.detailsGame).fill("SamGame");
      await dialog.getByRole("button", { name: s.cont }).click();
      await expect(dialog).toBeHidden();
      await payPalButton(page).click();
      await expect(page).toHaveURL(new RegExp(`${s.prefix}/login-required$`));
    });

    test("a stale /checkout?gift=true link checks the cart out as an ordinary order", async ({ page }) => {
      await prepare(page);
      await seedCart(page, [{ id: "1", quantity: 1 }]);
      await page.goto(`${s.prefix}/checkout?gift=true`);
      await page.getByRole("button", { name: s.proceed }).click();
      await expect(page.getByRole("dialog", { name: s.dialog })).toBeVisible();
    });

    test("a cart of gifting triggers only opens the gift dialog", async ({ page }) => {
      await prepare(page);
      await seedCart(page, [
        { id: "king-kong-ultra-gift", quantity: 1 },
        { id: "fat-bull-black-monster-gift", quantity: 1 },
      ]);
      await page.goto(`${s.prefix}/checkout`);
      await page.getByRole("button", { name: s.proceed }).click();
      await expect(page.getByRole("dialog", { name: s.giftDialog })).toBeVisible();
    });
  });
}

test("a gift form left unpaid never replaces the contact form's thank-you", async ({ page }) => {
  await prepare(page);
  await page.goto("/gift-checkout/king-kong-ultra-gift");
  await fillGiftForm(page, LANGS.en, "Old Friend_1");
  await expect(page).toHaveURL(/gift=true/);
  await page.goto("/thank-you");
  await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  await expect(page.getByText("Old Friend_1")).toHaveCount(0);
});

test("every gifting product card offers Send as a gift; permanent ones do not", async ({ page }) => {
  await prepare(page);
  await page.goto("/triggers");
  const gift = page.locator('[data-product-id="fat-bull-black-monster-gift"]');
  await expect(gift.getByRole("link", { name: "Send as a gift: Fat Bull Black Monster Gift Trigger" })).toHaveAttribute(
    "href",
    "/gift-checkout/fat-bull-black-monster-gift",
  );
  await expect(page.locator('[data-product-id="2"]').getByRole("link", { name: /Send as a gift/ })).toHaveCount(0);
});
