import { useTranslation } from "react-i18next";
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

/** Five stars filled to the rating, read out as "Rated 4.8 out of 5": two sprite references, not ten icons. */
export function RatingStars({ rating, size = 16 }: { rating: number; size?: number }) {
  const { t } = useTranslation();
  const width = Math.round((size * STAR_ROW.width) / 24);
  const row = (className: string) => (
    <svg viewBox={`0 0 ${STAR_ROW.width} 24`} width={width} height={size} className={`icon stars-row ${className}`} aria-hidden="true">
      <use href={STAR_ROW.href} />
    </svg>
  );
  return (
    <span role="img" aria-label={t("shop.ratingLabel", { rating })} className="stars" style={{ width, height: size }}>
      {row("stars-empty")}
      <span className="stars-fill" style={{ width: `${filledShare(rating)}%` }}>
        {row("stars-full")}
      </span>
    </span>
  );
}
