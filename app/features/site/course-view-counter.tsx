/**
 * Counts a view of the course page it is on: the browser fetches this image, which no cache
 * keeps, each time it shows the page, so a view counts even when the page itself was answered
 * by a cache in front of the app (docs/decisions/0049), and without JavaScript. Link-preview
 * bots fetch the page, not its images. Nothing a reader or screen reader sees.
 */
export function CourseViewCounter({ slug }: { slug: string }) {
  return (
    <img
      src={`/course/${encodeURIComponent(slug)}/view`}
      alt=""
      width={1}
      height={1}
      decoding="async"
      className="sr-only"
    />
  );
}
