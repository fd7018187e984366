import { describe, expect, it } from "vitest";
import { newNonce, newsletterMailHeaders, newsletterToken, newsletterUrl, readNewsletterToken } from "./links.server";
import { testSite } from "../../../tests/fixtures/site";

const secret = (s: string) => s.padEnd(40, "-");

describe("newsletter links", () => {
  const site = testSite({ SESSION_SECRET: secret("links"), SITE_URL: "https://shop.example" });

  const subject = { email: "first.last+news@mail.example.co.uk", nonce: newNonce() };

  it("reads back the address and nonce of a link made for the same action, whatever the address holds", () => {
    for (const email of [subject.email, "o'neil@x.io", "dots.every.where@a.b.c", "ünï@exämple.com"]) {
      const s = { email, nonce: subject.nonce };
      expect(readNewsletterToken(site.keys, "confirm", newsletterToken(site.keys, "confirm", s))).toEqual(s);
      expect(readNewsletterToken(site.keys, "unsubscribe", newsletterToken(site.keys, "unsubscribe", s))).toEqual(s);
    }
  });

  it("keeps tokens URL-safe, so links and headers need no escaping", () => {
    expect(newsletterToken(site.keys, "unsubscribe", subject)).toMatch(/^[\w.-]+$/);
  });

  it("never lets one action's link pass for the other", () => {
    expect(readNewsletterToken(site.keys, "unsubscribe", newsletterToken(site.keys, "confirm", subject))).toBeNull();
    expect(readNewsletterToken(site.keys, "confirm", newsletterToken(site.keys, "unsubscribe", subject))).toBeNull();
  });

  it("refuses any change to the token and tokens signed with another secret", () => {
    const token = newsletterToken(site.keys, "confirm", subject);
    for (let i = 0; i < token.length; i += 7) {
      const changed = token.slice(0, i) + (token[i] === "x" ? "y" : "x") + token.slice(i + 1);
      expect(readNewsletterToken(site.keys, "confirm", changed)).toBeNull();
    }
    const foreign = newsletterToken(testSite({ SESSION_SECRET: secret("another shop") }).keys, "confirm", subject);
    expect(foreign).not.toBe(token);
    expect(readNewsletterToken(site.keys, "confirm", foreign)).toBeNull();
    for (const junk of [null, undefined, "", ".", "newsletter-confirm..", "x".repeat(5000)]) expect(readNewsletterToken(site.keys, "confirm", junk)).toBeNull();
  });

  it("links to the page in the subscriber's language and announces one-click unsubscribe (RFC 8058)", () => {
    expect(newsletterUrl(site, "confirm", subject, "fr")).toBe(
      `https://shop.example/fr/newsletter/confirm?t=${newsletterToken(site.keys, "confirm", subject)}`,
    );
    expect(newsletterUrl(site, "unsubscribe", subject, "en")).toBe(
      `https://shop.example/newsletter/unsubscribe?t=${newsletterToken(site.keys, "unsubscribe", subject)}`,
    );
    expect(newsletterMailHeaders(site, { ...subject, lang: "es" })).toEqual({
      "List-Unsubscribe": `<https://shop.example/es/newsletter/unsubscribe?t=${newsletterToken(site.keys, "unsubscribe", subject)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});
