import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv, parseEnv, setEnv } from "../platform/env.server";
import { newNonce, newsletterMailHeaders, newsletterToken, newsletterUrl, readNewsletterToken } from "./links.server";

const secret = (s: string) => s.padEnd(40, "-");

describe("newsletter links", () => {
  const previous = getEnv();
  beforeAll(() => setEnv(parseEnv({ SESSION_SECRET: secret("links"), SITE_URL: "https://shop.example" })));
  afterAll(() => setEnv(previous));

  const subject = { email: "first.last+news@mail.example.co.uk", nonce: newNonce() };

  it("reads back the address and nonce of a link made for the same action, whatever the address holds", () => {
    for (const email of [subject.email, "o'neil@x.io", "dots.every.where@a.b.c", "ünï@exämple.com"]) {
      const s = { email, nonce: subject.nonce };
      expect(readNewsletterToken("confirm", newsletterToken("confirm", s))).toEqual(s);
      expect(readNewsletterToken("unsubscribe", newsletterToken("unsubscribe", s))).toEqual(s);
    }
  });

  it("keeps tokens URL-safe, so links and headers need no escaping", () => {
    expect(newsletterToken("unsubscribe", subject)).toMatch(/^[\w.-]+$/);
  });

  it("never lets one action's link pass for the other", () => {
    expect(readNewsletterToken("unsubscribe", newsletterToken("confirm", subject))).toBeNull();
    expect(readNewsletterToken("confirm", newsletterToken("unsubscribe", subject))).toBeNull();
  });

  it("refuses any change to the token and tokens signed with another secret", () => {
    const token = newsletterToken("confirm", subject);
    for (let i = 0; i < token.length; i += 7) {
      const changed = token.slice(0, i) + (token[i] === "x" ? "y" : "x") + token.slice(i + 1);
      expect(readNewsletterToken("confirm", changed)).toBeNull();
    }
    setEnv(parseEnv({ SESSION_SECRET: secret("another shop"), SITE_URL: "https://shop.example" }));
    const foreign = newsletterToken("confirm", subject);
    setEnv(parseEnv({ SESSION_SECRET: secret("links"), SITE_URL: "https://shop.example" }));
    expect(foreign).not.toBe(token);
    expect(readNewsletterToken("confirm", foreign)).toBeNull();
    for (const junk of [null, undefined, "", ".", "newsletter-confirm..", "x".repeat(5000)]) expect(readNewsletterToken("confirm", junk)).toBeNull();
  });

  it("links to the page in the subscriber's language and announces one-click unsubscribe (RFC 8058)", () => {
    expect(newsletterUrl("confirm", subject, "fr")).toBe(`https://shop.example/fr/newsletter/confirm?t=${newsletterToken("confirm", subject)}`);
    expect(newsletterUrl("unsubscribe", subject, "en")).toBe(`https://shop.example/newsletter/unsubscribe?t=${newsletterToken("unsubscribe", subject)}`);
    expect(newsletterMailHeaders({ ...subject, lang: "es" })).toEqual({
      "List-Unsubscribe": `<https://shop.example/es/newsletter/unsubscribe?t=${newsletterToken("unsubscribe", subject)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});
