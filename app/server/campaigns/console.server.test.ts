import { describe, expect, it } from "vitest";
import { CAMPAIGN_STATUSES } from "~/domain/campaigns";
import { consoleT } from "~/i18n/console.server";
import type { MoveRefusal } from "./campaigns.server";
import { moveRefusalText } from "./console.server";

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
