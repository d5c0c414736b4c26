import { clampRating, ratingStars } from "~/lib/format/rating";

// Five stars in one 120×24 strip; the gold copy is cut to the rating, in half-star steps.
const STAR =
  "l3.09 6.26 6.91 1.01-5 4.87 1.18 6.88-6.18-3.25-6.18 3.25 1.18-6.88-5-4.87 6.91-1.01z";
const STARS_PATH = [0, 24, 48, 72, 96].map((x) => `M${x + 12} 2${STAR}`).join("");

function Stars({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 120 24" width="80" height="16" aria-hidden="true" className={className}>
      <path d={STARS_PATH} fill="currentColor" />
    </svg>
  );
}

/** A rating of 0-5 (clamped) as five stars with half stars, and the figure beside them. */
export function StarRating({ rating, showValue = true }: { rating: number; showValue?: boolean }) {
  const value = clampRating(rating);
  const halves = ratingStars(value).reduce(
    (sum, star) => sum + (star === "full" ? 2 : star === "half" ? 1 : 0),
    0,
  );
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        role="img"
        aria-label={`Rated ${value.toFixed(1)} out of 5`}
        data-half-stars={halves}
        className="relative inline-flex h-4 w-20"
      >
        <Stars className="absolute inset-0 text-slate-300" />
        <span
          className="absolute inset-y-0 left-0 overflow-hidden"
          style={{ width: `${halves * 10}%` }}
        >
          <Stars className="max-w-none text-amber-500" />
        </span>
      </span>
      {showValue ? (
        <span aria-hidden="true" className="text-sm font-semibold">
          {value.toFixed(1)}
        </span>
      ) : null}
    </span>
  );
}
