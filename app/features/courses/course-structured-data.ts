import type { Course } from "~/db/schema";
import { siteConfig } from "~/lib/site/site-config";

/** schema.org `Course` JSON-LD for a course page (provider, offers in NGN, course instances). */
export function courseStructuredData(
  course: Course,
  pageUrl: string,
  imageUrl: string | null,
  /** Sessions still to come; past start dates are not offered. */
  upcomingDates: string[],
) {
  const provider = {
    "@type": "EducationalOrganization",
    name: siteConfig.name,
    sameAs: pageUrl.replace(/\/course\/.*$/, "/"),
  };
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.title,
    description: course.description,
    url: pageUrl,
    ...(imageUrl ? { image: imageUrl } : {}),
    provider,
    inLanguage: course.language,
    educationalLevel: course.level,
    ...(course.skills.length ? { teaches: course.skills } : {}),
    ...(course.prerequisites.length ? { coursePrerequisites: course.prerequisites } : {}),
    ...(course.rating > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: course.rating,
            bestRating: 5,
          },
        }
      : {}),
    offers: {
      "@type": "Offer",
      category: course.price > 0 ? "Paid" : "Free",
      price: course.price,
      priceCurrency: "NGN",
      availability: "https://schema.org/InStock",
      url: pageUrl,
    },
    hasCourseInstance: upcomingDates.map((startDate) => ({
      "@type": "CourseInstance",
      startDate,
      courseMode: courseMode(course.format),
      location: course.location ?? siteConfig.location,
      ...(course.schedule
        ? { courseSchedule: { "@type": "Schedule", description: course.schedule } }
        : {}),
    })),
  };
}

function courseMode(format: string | null) {
  if (format === "Online only") return "Online";
  if (format === "In-person only") return "Onsite";
  return "Blended";
}
