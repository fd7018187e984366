// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { getI18n } from "~/i18n/i18n";
import { filledShare, RatingStars } from "./rating-stars";

afterEach(cleanup);

describe("RatingStars", () => {
  it("fills whole stars and the gaps between them, then the part of the next star", () => {
    expect(filledShare(5)).toBe(100);
    expect(filledShare(0)).toBe(0);
    // Four stars (4 × 24) and four gaps (4 × 3) of a 132-unit row, plus 70 % of the fifth star.
    expect(filledShare(4.7)).toBeCloseTo(((4 * 27 + 0.7 * 24) / 132) * 100, 1);
    expect(filledShare(4)).toBeCloseTo(((4 * 27) / 132) * 100, 1);
    expect(filledShare(7)).toBe(100);
  });

  it("reads out the rating and draws the row in one element filled to the rating", () => {
    const { container } = render(
      <I18nextProvider i18n={getI18n("en")}>
        <RatingStars rating={4.8} size={16} />
      </I18nextProvider>,
    );
    const stars = screen.getByRole("img", { name: "Rated 4.8 out of 5" });
    expect(container.querySelectorAll("svg")).toHaveLength(0);
    expect(stars.style.height).toBe("16px");
    expect(stars.style.getPropertyValue("--stars-fill")).toBe(`${filledShare(4.8)}%`);
  });
});
