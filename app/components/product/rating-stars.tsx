import { useTranslation } from "~/i18n/use-translation";
import { STAR_ROW } from "~/components/ui/icon";

/**
 * Share of the row of five stars drawn filled for a rating, in %: whole stars up to the rating,
 * then the part of the next one (a 4.7 fills four stars and 70 % of the fifth). The gaps between
 * stars count as filled only between two filled stars.
 */
export function filledShare(rating: number): number {
  const clamped = Math.min(Math.max(rating, 0), 5);
  const whole = Math.floor(clamped);
  const units = whole * STAR_ROW.step + (clamped - whole) * 24;
  return Math.round((Math.min(units, STAR_ROW.width) / STAR_ROW.width) * 10000) / 100;
}

/** Five stars filled to the rating, read out as "Rated 4.8 out of 5": one element, drawn by CSS (app.css `.stars`). */
export function RatingStars({ rating, size = 16 }: { rating: number; size?: number }) {
  const { t } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t("shop.ratingLabel", { rating })}
      className="stars"
      style={{ height: size, "--stars-fill": `${filledShare(rating)}%` } as React.CSSProperties}
    />
  );
}
