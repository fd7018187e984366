import { Star } from "lucide-react";
import { useTranslation } from "react-i18next";

const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars filled to the rating, read out as "Rated 4.8 out of 5". */
export function RatingStars({ rating, size = 16 }: { rating: number; size?: number }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t("shop.ratingLabel", { rating })} className="inline-flex items-center gap-0.5">
      {STARS.map((star) => {
        // Share of this star that is filled, 0..1 (a 4.7 rating fills the fifth star to 70 %).
        const fill = Math.min(Math.max(rating - (star - 1), 0), 1);
        return (
          <span key={star} className="relative inline-block" style={{ width: size, height: size }} aria-hidden="true">
            <Star size={size} className="absolute inset-0 text-amber-300" strokeWidth={1.5} />
            <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <Star size={size} className="fill-amber-400 text-amber-500" strokeWidth={1.5} />
            </span>
          </span>
        );
      })}
    </span>
  );
}
