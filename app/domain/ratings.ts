/** A review's rating: whole stars from RATING_MIN to RATING_MAX (the form's choices, the server's rule). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
