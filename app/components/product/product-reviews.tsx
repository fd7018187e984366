import { MessageSquarePlus } from "~/components/ui/icon";
import { useId, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { toast } from "~/lib/toast";
import type { PublicReview } from "~/domain/api/reviews";
import { REVIEWS_ENDPOINT } from "~/domain/api/endpoints";
import type { MessageCode } from "~/domain/messages";
import { RATING_MAX, RATING_MIN } from "~/domain/ratings";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { LocalLink } from "~/components/ui/local-link";
import { useLang } from "~/state/lang";
import { postJson } from "~/lib/api-client";
import { RatingStars } from "./rating-stars";
import { ReviewWidget } from "./review-widget";

/** Static sample reviews shown on every product (texts in locale files). */
const SAMPLES = [
  { key: "s1", rating: 5 },
  { key: "s2", rating: 5 },
  { key: "s3", rating: 4 },
] as const;

/** Toast title per review error code (SPEC §8); anything else is a plain "Error". */
const TITLE_KEY: Partial<Record<MessageCode, string>> = {
  review_missing: "product.reviews.titles.missing",
  review_too_short: "product.reviews.titles.tooShort",
  review_wait: "product.reviews.titles.wait",
  review_duplicate: "product.reviews.titles.duplicate",
};

/** Which of several client-side problems to name first: the spec's order. */
const PRIORITY: readonly MessageCode[] = ["review_missing", "review_too_short", "rating_invalid"];

interface PostedReview {
  name: string;
  rating: number;
  comment: string;
}

export function ProductReviews({ productId, stored = [] }: { productId: string; stored?: readonly PublicReview[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  // UTC so the server and the browser print the same date.
  const date = (iso: string) => new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));
  const [posted, setPosted] = useState<PostedReview[]>([]);
  return (
    <section aria-labelledby="reviews-title" id="reviews" className="scroll-mt-24">
      <h2 id="reviews-title" className="text-2xl font-bold">
        {t("product.reviews.title")}
      </h2>
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <div>
          <ul className="flex flex-col gap-4">
            {posted.map((review, index) => (
              <ReviewItem key={`posted-${index}`} name={review.name} rating={review.rating} text={review.comment} time={t("product.reviews.justNow")} />
            ))}
            {stored.map((review) => (
              <ReviewItem key={review.id} name={review.name} rating={review.rating} text={review.comment} time={date(review.createdAt)} />
            ))}
            {SAMPLES.map(({ key, rating }) => (
              <ReviewItem
                key={key}
                name={t(`product.reviews.samples.${key}.name`)}
                rating={rating}
                text={t(`product.reviews.samples.${key}.text`)}
                time={t(`product.reviews.samples.${key}.time`)}
                verified
              />
            ))}
          </ul>
          <p className="mt-4">
            <LocalLink to="/#reviews" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
              {t("product.reviews.widgetLink")}
            </LocalLink>
          </p>
          <ReviewWidget className="mt-6" />
        </div>
        <ReviewForm productId={productId} onPosted={(review) => setPosted((list) => [review, ...list])} />
      </div>
    </section>
  );
}

function ReviewItem({ name, rating, text, time, verified = false }: { name: string; rating: number; text: string; time: string; verified?: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold">{name}</span>
        <RatingStars rating={rating} size={14} />
        <span className="text-xs text-slate-600">{time}</span>
        {verified && <span className="text-xs font-medium text-emerald-800">{t("product.reviews.verified")}</span>}
      </div>
      <p className="mt-2 text-sm text-slate-700">{text}</p>
    </li>
  );
}

function ReviewForm({ productId, onPosted }: { productId: string; onPosted: (review: PostedReview) => void }) {
  const { t } = useTranslation();
  const ids = { title: useId(), error: useId() };
  const [name, setName] = useState("");
  const [rating, setRating] = useState(String(RATING_MAX));
  const [comment, setComment] = useState("");
  const [website, setWebsite] = useState("");
  const [error, setError] = useState<{ code: MessageCode; fields: Set<string> } | null>(null);
  const [sending, setSending] = useState(false);

  const fail = (code: MessageCode | null, vars: Record<string, string | number> = {}) => {
    const titleKey = (code && TITLE_KEY[code]) ?? "product.reviews.titles.error";
    toast.error(t(titleKey), { description: code ? t(`errors.${code}`, vars) : t("product.reviews.genericError") });
  };

  const submit = async () => {
    const input = { productId, name, rating, comment, website };
    // The form's rules (and zod) are fetched with the first submission, not with every product page.
    const { fieldErrors, reviewSchema } = await import("~/domain/validation");
    const errors = fieldErrors(reviewSchema.safeParse(input), "review_missing");
    const codes = Object.values(errors);
    if (codes.length > 0) {
      const code = PRIORITY.find((c) => codes.includes(c)) ?? codes[0];
      setError({ code, fields: new Set(Object.keys(errors)) });
      fail(code);
      return;
    }
    setError(null);
    setSending(true);
    const answer = await postJson(REVIEWS_ENDPOINT, { productId, name, rating: Number(rating), comment, website });
    setSending(false);
    if (answer.ok) {
      toast.success(t("product.reviews.successTitle"), { description: t("product.reviews.successText") });
      onPosted({ name: name.trim(), rating: Number(rating), comment: comment.trim() });
      setName("");
      setComment("");
      setRating(String(RATING_MAX));
      return;
    }
    fail(answer.code, answer.vars);
  };

  const invalid = (field: string) => error?.fields.has(field) ?? false;
  // The form's one error message describes every field it is about.
  const errorId = error ? ids.error : undefined;
  const label = "text-sm font-semibold";
  const field = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-500";
  const ratings = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MAX - i);

  return (
    <form
      noValidate
      aria-labelledby={ids.title}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!sending) void submit();
      }}
    >
      <h3 id={ids.title} className="flex items-center gap-2 text-lg font-bold">
        <MessageSquarePlus size={18} aria-hidden="true" />
        {t("product.reviews.write")}
      </h3>
      <Field label={t("product.reviews.name")} labelClassName={label} invalid={invalid("name")} describedBy={errorId}>
        {(control) => <input {...control} name="name" autoComplete="nickname" value={name} onChange={(e) => setName(e.target.value)} className={field} />}
      </Field>
      <Field label={t("product.reviews.rating")} labelClassName={label} invalid={invalid("rating")} describedBy={errorId}>
        {(control) => (
          <select {...control} name="rating" value={rating} onChange={(e) => setRating(e.target.value)} className={field}>
            {ratings.map((value) => (
              <option key={value} value={value}>
                {t("product.reviews.ratingOption", { count: value })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={t("product.reviews.comment")}
        labelClassName={label}
        hint={t("product.reviews.commentHint")}
        invalid={invalid("comment")}
        describedBy={errorId}
      >
        {(control) => <textarea {...control} name="comment" rows={4} value={comment} onChange={(e) => setComment(e.target.value)} className={field} />}
      </Field>
      <Honeypot value={website} onChange={(e) => setWebsite(e.target.value)} />
      {error && (
        <p id={ids.error} role="alert" className="text-sm font-medium text-red-700">
          {t(`errors.${error.code}`)}
        </p>
      )}
      <Button type="submit" disabled={sending} className="disabled:opacity-70">
        {sending ? t("product.reviews.submitting") : t("product.reviews.submit")}
      </Button>
    </form>
  );
}
