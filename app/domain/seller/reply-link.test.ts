import { describe, expect, it } from "vitest";
import { QUOTE_MAX, replyMailto } from "./reply-link";

const at = new Date("2026-03-04T10:00:00Z");

describe("replyMailto", () => {
  it("addresses the shopper with a subject in their language and their message quoted", () => {
    const link = new URL(replyMailto({ email: "ana@example.com", lang: "es", message: "Hola\n¿Cuándo llega?", createdAt: at }));
    expect(link.protocol).toBe("mailto:");
    expect(link.pathname).toBe("ana@example.com");
    const params = new URLSearchParams(link.search);
    expect(params.get("subject")).toBe("Re: tu mensaje a Trigger Shop");
    expect(params.get("body")).toContain("> Hola\n> ¿Cuándo llega?");
  });

  it("cannot be steered by what the shopper typed: every part is encoded", () => {
    const link = replyMailto({ email: "x@example.com", lang: "xx", message: "hi&cc=evil@example.com\n&bcc=a@b.c", createdAt: at });
    const params = new URLSearchParams(new URL(link).search);
    expect([...params.keys()]).toEqual(["subject", "body"]);
    expect(params.get("subject")).toBe("Re: your message to Trigger Shop");
  });

  it("quotes a long message only in part", () => {
    const link = replyMailto({ email: "x@example.com", lang: "en", message: "a".repeat(QUOTE_MAX * 3), createdAt: at });
    expect(link.length).toBeLessThan(QUOTE_MAX + 400);
  });
});
