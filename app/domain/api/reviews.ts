import { reviewSchema } from "../validation";
import { defineContract } from "./contract";
import { REVIEWS_PATH } from "./paths";

/** A published review as shoppers see it. */
export interface PublicReview {
  id: number;
  productId: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
}

/** POST /api/reviews: stores and publishes a review of a listed product. */
export const reviewsApi = defineContract<{ ok: true; review: PublicReview }>()(REVIEWS_PATH, reviewSchema);
