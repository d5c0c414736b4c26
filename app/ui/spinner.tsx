import { cn } from "./cn";

/** A spinning ring; its colour follows the text colour, so it adapts to dark mode. */
export function Spinner({
  size = 35,
  label = "Loading",
  className,
}: {
  size?: number;
  label?: string;
  className?: string;
}) {
  return (
    <span role="status" className={cn("inline-flex text-brand-700 dark:text-brand-300", className)}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 50 50"
        className="animate-spin"
        aria-hidden="true"
      >
        <circle
          cx="25"
          cy="25"
          r="20"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.2"
          strokeWidth="5"
        />
        <path
          d="M45 25a20 20 0 0 0-20-20"
          fill="none"
          stroke="currentColor"
          strokeWidth="5"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
