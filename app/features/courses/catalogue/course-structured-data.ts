import type { Course } from "~/db/schema";
import { nairaFromKobo } from "~/lib/format/money";
import { siteConfig } from "~/lib/site/site-config";

/** An intake as the course page lists it (`nextIntakes`). */
type CourseInstance = {
  label: string;
  mode: "in-person" | "online" | "both";
  startsOn: string;
  endsOn: string;
  location: string | null;
  classTimes: string | null;
  price: number;
  full: boolean;
  tutors: { name: string; role: string }[];
};

/** schema.org `Course` JSON-LD for a course page (provider, offers in NGN, course instances). */
export function courseStructuredData(
  course: Course,
  pageUrl: string,
  imageUrl: string | null,
  /** Intakes still to come; past, draft and cancelled ones are not offered. */
  upcoming: CourseInstance[],
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
      // schema.org reads a price in the currency's unit: Naira, not kobo.
      price: nairaFromKobo(course.price),
      priceCurrency: "NGN",
      availability: "https://schema.org/InStock",
      url: pageUrl,
    },
    hasCourseInstance: upcoming.map((intake) => ({
      "@type": "CourseInstance",
      name: intake.label,
      courseMode: courseModes[intake.mode],
      startDate: intake.startsOn,
      endDate: intake.endsOn,
      location: {
        "@type": "Place",
        name: intake.location || siteConfig.location,
        address: intake.location || siteConfig.location,
      },
      ...(intake.classTimes
        ? { courseSchedule: { "@type": "Schedule", description: intake.classTimes } }
        : {}),
      ...(intake.tutors.length
        ? {
            instructor: intake.tutors.map((tutor) => ({
              "@type": "Person",
              name: tutor.name,
              description: tutor.role,
            })),
          }
        : {}),
      offers: {
        "@type": "Offer",
        category: intake.price > 0 ? "Paid" : "Free",
        price: nairaFromKobo(intake.price),
        priceCurrency: "NGN",
        availability: `https://schema.org/${intake.full ? "SoldOut" : "InStock"}`,
        url: pageUrl,
      },
    })),
  };
}

/** schema.org's course modes for ours. */
const courseModes: Record<CourseInstance["mode"], string> = {
  "in-person": "Onsite",
  online: "Online",
  both: "Blended",
};
