import BookOpen from "lucide-react/icons/book-open";
import type { ImageVariant } from "~/db/schema";
import { cn } from "~/ui/cn";

/**
 * A course's image at 3:2 with its size reserved (no layout shift). `priority` is for the one
 * image above the fold; all others load lazily.
 */
export function CourseImage({
  src,
  variants = [],
  alt,
  priority,
  sizes = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
  className,
}: {
  src: string | null;
  /** WebP renditions by width; the browser picks the smallest that fills the slot. */
  variants?: readonly ImageVariant[];
  alt: string;
  priority?: boolean;
  sizes?: string;
  className?: string;
}) {
  if (!src) {
    return (
      <div
        className={cn(
          "flex aspect-[3/2] items-center justify-center bg-brand-100 text-brand-700",
          className,
        )}
      >
        <BookOpen aria-hidden="true" className="h-12 w-12" />
      </div>
    );
  }
  return (
    <img
      src={variants.find((variant) => variant.width === 800)?.url ?? src}
      srcSet={
        variants.length
          ? variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ")
          : undefined
      }
      alt={alt}
      width={1200}
      height={800}
      sizes={sizes}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={cn("aspect-[3/2] w-full bg-slate-100 object-cover", className)}
    />
  );
}
