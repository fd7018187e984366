// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { buildSprite, declaredIcons, SPRITE_FILE } from "../../../scripts/icon-sprite.mjs";
import { DiscordIcon, Search, Star } from "./icon";

afterEach(cleanup);

describe("icon sprite", () => {
  it("holds exactly the icons icon.tsx declares, as lucide draws them (else run npm run icons)", async () => {
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(await buildSprite());
  });

  it("has a symbol for every declared icon", () => {
    const sprite = readFileSync(SPRITE_FILE, "utf8");
    for (const icon of declaredIcons()) {
      const id = icon.kind === "row" ? `${icon.id}-x${icon.count}` : icon.id;
      expect(sprite).toContain(`<symbol id="${id}" `);
    }
  });
});

describe("Icon", () => {
  it("draws the sprite's symbol, hidden from assistive technology, with lucide's props", () => {
    const { container } = render(<Star size={14} strokeWidth={1.5} className="text-amber-500" />);
    const svg = container.querySelector("svg")!;
    expect(svg.getAttribute("aria-hidden")).toBe("true");
    expect(svg.getAttribute("width")).toBe("14");
    expect(svg.getAttribute("class")).toBe("icon text-amber-500");
    expect(svg.style.strokeWidth).toBe("1.5");
    expect(svg.querySelector("use")!.getAttribute("href")).toMatch(/\/icons(-[\w-]+)?\.svg#star$/);
  });

  it("is announced when given a label", () => {
    const { getByRole } = render(<Search role="img" aria-label="Search" />);
    expect(getByRole("img", { name: "Search" }).getAttribute("aria-hidden")).toBeNull();
  });

  it("sizes brand marks to 20 px unless told otherwise", () => {
    const { container } = render(
      <>
        <DiscordIcon />
        <DiscordIcon className="size-4" />
      </>,
    );
    const [plain, sized] = container.querySelectorAll("svg");
    expect(plain.getAttribute("class")).toBe("icon size-5");
    expect(sized.getAttribute("class")).toBe("icon size-4");
    expect(plain.querySelector("use")!.getAttribute("href")).toMatch(/#discord$/);
  });
});
