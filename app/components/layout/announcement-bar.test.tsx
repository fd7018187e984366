// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getI18n } from "~/i18n/i18n";

const shop = vi.hoisted(() => ({ data: { announcement: null as { code: string } | null } }));
vi.mock("~/state/storefront-data", () => ({ useStorefrontData: () => shop.data }));

const { AnnouncementBar } = await import("./announcement-bar");

function renderIn(lang: "en" | "fr") {
  return render(
    <I18nextProvider i18n={getI18n(lang)}>
      <AnnouncementBar />
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe("AnnouncementBar", () => {
  it("advertises the free room with the code the server sends", () => {
    shop.data = { announcement: { code: "NEWUSER15" } };
    renderIn("en");
    const bar = screen.getByRole("complementary", { name: "Offer" });
    expect(bar.textContent).toContain("Get a FREE room with your first permanent trigger");
    expect(bar.querySelector("strong")?.textContent).toBe("NEWUSER15");
    // 28px high, 32px from the sm breakpoint (SPEC §2).
    expect(bar.className).toMatch(/\bh-7\b/);
    expect(bar.className).toMatch(/\bsm:h-8\b/);
  });

  it("is translated", () => {
    shop.data = { announcement: { code: "NEWUSER15" } };
    renderIn("fr");
    expect(screen.getByRole("complementary", { name: "Offre" }).textContent).toContain("Une salle OFFERTE");
  });

  it("renders nothing when the code cannot be applied", () => {
    shop.data = { announcement: null };
    const { container } = renderIn("en");
    expect(container.innerHTML).toBe("");
  });
});
