import { describe, expect, it } from "vitest";
import { consolePrefsSchema, knownTimeZones, langFromAcceptLanguage, timeZoneSchema } from "./console-prefs";

describe("console preferences", () => {
  it("accepts our languages and real zones only", () => {
    expect(consolePrefsSchema.safeParse({ lang: "fr", timeZone: "Europe/Paris" }).success).toBe(true);
    expect(consolePrefsSchema.safeParse({ lang: "de", timeZone: "UTC" }).success).toBe(false);
    expect(timeZoneSchema.safeParse("Mars/Olympus").success).toBe(false);
    expect(timeZoneSchema.safeParse("").success).toBe(false);
  });

  it("lists UTC first, once", () => {
    const zones = knownTimeZones();
    expect(zones[0]).toBe("UTC");
    expect(zones.filter((z) => z === "UTC")).toHaveLength(1);
    expect(zones).toContain("America/Mexico_City");
  });

  it("reads the browser's first language among ours, by weight", () => {
    expect(langFromAcceptLanguage("fr-FR,fr;q=0.9,en;q=0.8")).toBe("fr");
    expect(langFromAcceptLanguage("de-DE,es;q=0.5,en;q=0.7")).toBe("en");
    expect(langFromAcceptLanguage("de-DE,es;q=0.9")).toBe("es");
    expect(langFromAcceptLanguage("fr;q=0")).toBe("en");
    expect(langFromAcceptLanguage(null)).toBe("en");
  });
});
