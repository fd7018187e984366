import { beforeEach, describe, expect, it, vi } from "vitest";
import { clearGeoAnswers, isPublicAddress, lookupCountry } from "./geo.server";

const URL_TEMPLATE = "https://geo.example/{ip}/json/";

describe("server-side geo lookup", () => {
  beforeEach(() => clearGeoAnswers());

  it("asks the service for the client's address and remembers the answer", async () => {
    const fetcher = vi.fn(async () => Response.json({ country_code: "fr" }));
    expect(await lookupCountry("203.0.113.9", URL_TEMPLATE, fetcher as unknown as typeof fetch)).toBe("FR");
    expect(await lookupCountry("203.0.113.9", URL_TEMPLATE, fetcher as unknown as typeof fetch)).toBe("FR");
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher.mock.calls[0]).toEqual(["https://geo.example/203.0.113.9/json/", expect.anything()]);
  });

  it("answers null, without throwing, when the service fails, refuses or says nonsense", async () => {
    const failures = [
      async () => {
        throw new TypeError("fetch failed");
      },
      async () => new Response("rate limited", { status: 429 }),
      async () => Response.json({ country_code: "<script>" }),
      async () => new Response("not json"),
    ];
    for (const [i, fetcher] of failures.entries()) {
      expect(await lookupCountry(`198.51.100.${i + 1}`, URL_TEMPLATE, fetcher as unknown as typeof fetch)).toBeNull();
    }
  });

  it("never asks for private addresses, nor without {ip} in the URL", async () => {
    const fetcher = vi.fn(async () => Response.json({ country_code: "US" }));
    for (const ip of ["127.0.0.1", "::1", "10.1.2.3", "192.168.0.4", "172.20.0.1", "::ffff:127.0.0.1", "fd00::1", "unknown"]) {
      expect(isPublicAddress(ip)).toBe(false);
      expect(await lookupCountry(ip, URL_TEMPLATE, fetcher as unknown as typeof fetch)).toBeNull();
    }
    expect(await lookupCountry("203.0.113.9", "https://geo.example/json/", fetcher as unknown as typeof fetch)).toBeNull();
    expect(fetcher).not.toHaveBeenCalled();
    expect(isPublicAddress("2001:db8::1")).toBe(true);
  });
});
