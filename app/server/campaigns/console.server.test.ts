import { describe, expect, it } from "vitest";
import { CAMPAIGN_STATUSES, campaignDraftSchema } from "~/domain/campaigns";
import { consoleT } from "~/i18n/console.server";
import type { MoveRefusal } from "./campaigns.server";
import { campaignDraftErrors, moveRefusalText } from "./console.server";

const refusals: MoveRefusal[] = [
  ...CAMPAIGN_STATUSES.map((status): MoveRefusal => ({
    ok: false,
    reason: "state",
    status,
    message: `This campaign is ${status} now: that is no longer possible.`,
  })),
  { ok: false, reason: "missing", message: "That campaign does not exist." },
  { ok: false, reason: "past", message: "Choose a time in the future (or send now)." },
  { ok: false, reason: "not_draft", message: "Only a draft can be deleted." },
];

describe("a refused campaign move, in the account's language (docs/decisions/055)", () => {
  it("reads in English as the server's message", () => {
    for (const refusal of refusals) expect(moveRefusalText(consoleT("en"), refusal)).toBe(refusal.message);
  });

  it("reads in French and Spanish", () => {
    expect(moveRefusalText(consoleT("fr"), refusals[2])).toBe("Cette campagne est maintenant en cours d'envoi : ce n'est plus possible.");
    expect(moveRefusalText(consoleT("es"), refusals.at(-1)!)).toBe("Solo se puede eliminar un borrador.");
  });
});

describe("the compose form's errors in the account's language", () => {
  const bad = [
    { subject_en: " ", body_en: "", products: Array.from({ length: 7 }, (_, i) => `p${i}`) },
    { subject_en: "x".repeat(151), body_en: "y".repeat(5001), subject_fr: "z".repeat(151) },
  ];

  it("are in English exactly the domain's words", () => {
    for (const input of bad) {
      const parsed = campaignDraftSchema.safeParse(input);
      expect(parsed.success).toBe(false);
      if (parsed.success) continue;
      const english: Record<string, string> = {};
      for (const issue of parsed.error.issues) english[String(issue.path[0])] ??= issue.message;
      expect(campaignDraftErrors(consoleT("en"), parsed.error.issues)).toEqual(english);
    }
  });

  it("speak Spanish", () => {
    const parsed = campaignDraftSchema.safeParse(bad[0]);
    if (parsed.success) throw new Error("accepted");
    expect(campaignDraftErrors(consoleT("es"), parsed.error.issues)).toEqual({
      subject_en: "Escribe el asunto en inglés: es lo que reciben los idiomas que faltan.",
      body_en: "Escribe el texto en inglés: es lo que reciben los idiomas que faltan.",
      products: "Como máximo 6 productos.",
    });
  });
});
