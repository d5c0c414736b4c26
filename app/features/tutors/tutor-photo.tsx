import type { Tutor } from "~/db/schema";
import { initialsOf } from "~/lib/text/person-name";
import { cn } from "~/ui/cn";

/**
 * A tutor's square photo from its renditions, or their initials in a circle when they have none.
 * The name is said next to it, so the image itself is decorative.
 */
export function TutorPhoto({
  tutor,
  size,
  className,
}: {
  tutor: Pick<Tutor, "name" | "photo" | "photoVariants">;
  /** The displayed width and height in CSS pixels. */
  size: number;
  className?: string;
}) {
  const classes = cn("shrink-0 rounded-full object-cover", className);
  if (!tutor.photo) {
    return (
      <span
        aria-hidden="true"
        style={{ width: size, height: size }}
        className={cn(
          classes,
          "inline-flex items-center justify-center bg-brand-100 font-semibold text-brand-900",
        )}
      >
        {initialsOf(tutor.name)}
      </span>
    );
  }
  const srcSet = tutor.photoVariants
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(", ");
  return (
    <img
      src={tutor.photoVariants[0]?.url ?? tutor.photo}
      srcSet={srcSet || undefined}
      sizes={`${size}px`}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={classes}
    />
  );
}
