import { expect, test } from "./fixtures";
import { E2E_SELLERS, loginAsSeller, placePaidOrder } from "./admin-helpers";
import type { Page } from "@playwright/test";

// Every test here switches the one `polyglot` account's language: in order, one at a time (not fully parallel).
test.describe.configure({ mode: "default" });

/**
 * Issue 32, the console in three languages (docs/decisions/055): an account that chooses French sees
 * the console in French — nav, dashboard, an order page with times in its zone, a refusal — and one
 * that chooses Spanish in Spanish. The account goes back to English and UTC at the end, so a retry
 * starts as the first run did.
 */

/** Chooses the account's language and zone on /admin/account, whatever the console speaks now. */
async function choose(page: Page, lang: "en" | "fr" | "es", timeZone: string, saved: string) {
  await page.goto("/admin/account");
  await page.getByLabel(/^(Console language|Langue de la console|Idioma de la consola)$/).selectOption(lang);
  await page.getByLabel(/^(Time zone|Fuseau horaire|Zona horaria)$/).selectOption(timeZone);
  await page.getByRole("button", { name: /^(Save|Enregistrer|Guardar)$/ }).click();
  await expect(page.getByRole("status").getByText(saved)).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
}

test("a French account sees the console in French, a Spanish one in Spanish, with times in the account's zone", async ({ page, request }) => {
  const orderId = await placePaidOrder(request, `i18n${Date.now()}`);
  await loginAsSeller(page, { account: "polyglot", next: "/admin/account" });

  try {
    await choose(page, "fr", "Europe/Paris", "Langue et fuseau horaire enregistrés.");
    const nav = page.getByRole("navigation", { name: "Console" });
    await expect(nav.getByRole("link", { name: "Commandes" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Tableau de bord" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Se déconnecter", exact: true })).toBeVisible();

    // A refused code, in French (the account page's authenticator enrolment).
    // (A retry finds the enrolment already started: the code field is there at once.)
    const setUp = page.getByRole("button", { name: "Configurer une application d'authentification" });
    if (await setUp.isVisible()) await setUp.click();
    await page.getByLabel("Code à 6 chiffres").fill("123456");
    await page.getByRole("button", { name: "Activer", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Ce code ne correspond pas");

    await nav.getByRole("link", { name: "Tableau de bord" }).click();
    await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "En attente de livraison" })).toBeVisible();
    await expect(page).toHaveTitle(/Tableau de bord · Console vendeur/);

    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Payée");
    const actions = page.getByRole("region", { name: "Actions" });
    await expect(actions.getByRole("button", { name: "Marquer en cours" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Client" })).toBeVisible();
    // November in Paris: UTC+1, the account's zone.
    await expect(page.getByText(/Payée le \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\+1 ·/)).toBeVisible();

    await choose(page, "es", "America/Mexico_City", "Idioma y zona horaria guardados.");
    const consola = page.getByRole("navigation", { name: "Consola" });
    await expect(consola.getByRole("link", { name: "Pedidos" })).toBeVisible();
    await consola.getByRole("link", { name: "Panel" }).click();
    await expect(page.getByRole("heading", { name: "Panel", level: 1 })).toBeVisible();
    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByRole("region", { name: "Acciones" }).getByRole("button", { name: "Marcar en curso" })).toBeVisible();
    await expect(page.getByText(/Pagado el \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC−6 ·/)).toBeVisible();
  } finally {
    await choose(page, "en", "UTC", "Language and time zone saved.");
  }
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Orders" })).toBeVisible();
});

test("a French account reads the analytics page in French, and its range refusal", async ({ page }) => {
  await loginAsSeller(page, { account: "polyglot", next: "/admin/account" });
  try {
    await choose(page, "fr", "Europe/Paris", "Langue et fuseau horaire enregistrés.");
    await page.goto("/admin/analytics");
    await expect(page.getByRole("heading", { name: "Statistiques", level: 1 })).toBeVisible();
    // Staff (polyglot's role) see the delivery charts, titled by the server's chart definitions in French.
    await expect(page.getByRole("heading", { name: "Livraison par rapport à la promesse", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Télécharger le CSV : Livraison par rapport à la promesse" })).toBeVisible();
    await page.getByLabel("Du", { exact: true }).fill("2026-03-31");
    await page.getByLabel("Au", { exact: true }).fill("2026-01-01");
    await page.getByRole("button", { name: "Afficher", exact: true }).click();
    await expect(page.getByText("La plage se termine avant de commencer.")).toBeVisible();
  } finally {
    await choose(page, "en", "UTC", "Language and time zone saved.");
  }
});

test("a French account gets the order page's action replies in French", async ({ page, request }) => {
  const orderId = await placePaidOrder(request, `i18nr${Date.now()}`);
  // Logged in by hand: a run stopped before its `finally` may have left the account in any language.
  const { email, password } = E2E_SELLERS.polyglot;
  await page.goto(`/admin/login?next=${encodeURIComponent("/admin/account")}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByLabel(/^(Console language|Langue de la console|Idioma de la consola)$/)).toBeVisible();
  try {
    await choose(page, "fr", "Europe/Paris", "Langue et fuseau horaire enregistrés.");
    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByRole("heading", { name: orderId, level: 1 })).toContainText("Payée");
    await page.getByRole("region", { name: "Actions" }).getByRole("button", { name: "Marquer en cours" }).click();
    await expect(page.getByRole("status").getByText("Commande marquée en cours.")).toBeVisible();
    await expect(page.getByRole("heading", { name: orderId, level: 1 })).toContainText("En cours");
  } finally {
    await choose(page, "en", "UTC", "Language and time zone saved.");
  }
});

// The product pages are the owner's alone (docs/decisions/036) and `main` is the shop's only owner
// (accounts.spec.ts), so this test switches `main` to French: it is tagged @owner-language and runs in
// its own project, after every other spec (playwright.config.ts), so no other test meets a French `main`.
test("@owner-language an owner in French edits a product in French: the page, its form, the media card and a save's reply", async ({ page }) => {
  await loginAsSeller(page, { next: "/admin/account" });
  try {
    await choose(page, "fr", "Europe/Paris", "Langue et fuseau horaire enregistrés.");
    await page.goto("/admin/products/6");
    await expect(page).toHaveTitle(/^Modifier .+ · Console vendeur/);
    await expect(page.getByRole("heading", { name: "Prix et visibilité" })).toBeVisible();
    await expect(page.getByLabel("Titre (français)", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Photos et vidéo" }).getByLabel("Vidéo d'aperçu")).toBeVisible();
    await page.getByRole("button", { name: "Enregistrer le produit" }).click();
    await expect(page.getByRole("status")).toContainText(/Rien n'a changé\.|Enregistré\. La boutique/);
  } finally {
    await choose(page, "en", "UTC", "Language and time zone saved.");
  }
});
