import { describe, expect, it } from "vitest";
import { PAYMENT_METHOD_LABELS } from "~/domain/order-desk";
import { PERMISSION_NAMES, refusalMessage, SELLER_ROLES } from "~/domain/seller/permissions";
import { consoleT } from "~/i18n/console.server";
import { roleRefusal } from "./guard.server";

// The role refusal in the seller's language (docs/decisions/055): English stays the domain's sentence.
describe("role refusals", () => {
  it("says in English exactly what the domain says, for every role and permission", () => {
    for (const role of SELLER_ROLES) for (const need of PERMISSION_NAMES) expect(roleRefusal("en", role, need)).toBe(refusalMessage(role, need));
  });

  it("says it in French and Spanish, with every permission worded", () => {
    expect(roleRefusal("fr", "staff", "orders.refund")).toBe(
      "Votre rôle (équipe) ne permet pas de rembourser les commandes : demandez au propriétaire de la boutique.",
    );
    expect(roleRefusal("es", "staff", "login-keys.manage")).toBe(
      "Tu rol (equipo) no permite gestionar los pares de claves de acceso: pídeselo al propietario de la tienda.",
    );
    for (const lang of ["fr", "es"] as const) {
      const t = consoleT(lang);
      for (const need of PERMISSION_NAMES) expect(t(`admin.permissions.${need}`), `${lang} ${need}`).not.toBe(`admin.permissions.${need}`);
    }
  });

  it("names payment methods in English as the domain does (order replies use the console's names)", () => {
    const t = consoleT("en");
    for (const [method, label] of Object.entries(PAYMENT_METHOD_LABELS)) expect(t(`adminOrders.methods.${method}`)).toBe(label);
  });
});
