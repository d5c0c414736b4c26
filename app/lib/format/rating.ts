export type StarKind = "full" | "half" | "empty";

/** A rating clamped to 0-5; anything that is not a number counts as 0. */
export function clampRating(rating: number | null | undefined) {
  return typeof rating === "number" && Number.isFinite(rating)
    ? Math.min(5, Math.max(0, rating))
    : 0;
}

/** Five stars for a rating, rounded to the nearest half star. */
export function ratingStars(rating: number | null | undefined): StarKind[] {
  const halves = Math.round(clampRating(rating) * 2);
  return Array.from({ length: 5 }, (_, index) => {
    const left = halves - index * 2;
    return left >= 2 ? "full" : left === 1 ? "half" : "empty";
  });
}
