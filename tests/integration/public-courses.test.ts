import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { courses, type NewCourse } from "~/db/schema";
import {
  findActiveCourseBySlug,
  listActiveCourseLinks,
  listActiveCourseSitemapEntries,
  listActiveCourses,
} from "~/features/courses/courses.server";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

beforeEach(async () => {
  await database().db.delete(courses);
});

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9, 0, 0));

function course(slug: string, overrides: Partial<NewCourse> = {}): NewCourse {
  return {
    slug,
    title: slug
      .split("-")
      .map((word) => word[0]?.toUpperCase() + word.slice(1))
      .join(" "),
    description: `About ${slug}`,
    ...overrides,
  };
}

async function insert(...rows: NewCourse[]) {
  await database().db.insert(courses).values(rows);
}

const slugs = (rows: readonly { slug: string }[]) => rows.map((row) => row.slug);

describe("listActiveCourses", () => {
  it("lists only active courses, newest first", async () => {
    await insert(
      course("ui-design", { category: "Design", createdAt: day(3) }),
      course("seo-basics", { category: "Marketing", createdAt: day(5) }),
      course("old-python", { isActive: false, createdAt: day(9) }),
      course("data-analysis", { category: "Data Science", createdAt: day(1) }),
      course("react-web", { createdAt: day(7) }),
    );
    expect(slugs(await listActiveCourses())).toEqual([
      "react-web",
      "seo-basics",
      "ui-design",
      "data-analysis",
    ]);
  });

  it("orders courses created at the same moment by title", async () => {
    await insert(
      course("zeta", { title: "Zeta Course", createdAt: day(2) }),
      course("alpha", { title: "Alpha Course", createdAt: day(2) }),
      course("newer", { title: "Newer Course", createdAt: day(3) }),
    );
    expect(slugs(await listActiveCourses())).toEqual(["newer", "alpha", "zeta"]);
  });

  it("returns the card fields with the table's defaults", async () => {
    await insert(
      course("ui-design", {
        title: "UI Design",
        description: "Figma from scratch",
        category: "Design",
        level: "Intermediate",
        price: 150_000,
        originalPrice: 200_000,
        rating: 4.5,
        lessons: 24,
        duration: "8 weeks",
        image: "/files/course-assets/images/course-image-1.jpg",
      }),
      course("plain"),
    );
    const rows = await listActiveCourses();
    expect(rows).toHaveLength(2);
    const designed = rows.find((row) => row.slug === "ui-design");
    const plain = rows.find((row) => row.slug === "plain");
    expect(designed).toEqual({
      id: expect.any(String),
      slug: "ui-design",
      title: "UI Design",
      description: "Figma from scratch",
      category: "Design",
      level: "Intermediate",
      icon: "BookOpen",
      image: "/files/course-assets/images/course-image-1.jpg",
      imageVariants: [],
      duration: "8 weeks",
      price: 150_000,
      originalPrice: 200_000,
      rating: 4.5,
      lessons: 24,
    });
    expect(plain).toMatchObject({
      slug: "plain",
      category: "Programming",
      level: "Beginner",
      icon: "BookOpen",
      price: 0,
      originalPrice: 0,
      rating: 0,
      lessons: 0,
      image: null,
      duration: null,
    });
  });

  it("is empty when no course is active", async () => {
    await insert(course("hidden", { isActive: false }));
    expect(await listActiveCourses()).toEqual([]);
  });
});

describe("listActiveCourseLinks", () => {
  it("lists slug, title and category of active courses by title", async () => {
    await insert(
      course("python", { title: "Python Programming", category: "Programming", createdAt: day(9) }),
      course("figma", { title: "Figma Essentials", category: "Design", createdAt: day(1) }),
      course("retired", { title: "A Retired Course", isActive: false }),
      course("ads", { title: "Google Ads", category: "Marketing", createdAt: day(5) }),
    );
    expect(await listActiveCourseLinks()).toEqual([
      { slug: "figma", title: "Figma Essentials", category: "Design" },
      { slug: "ads", title: "Google Ads", category: "Marketing" },
      { slug: "python", title: "Python Programming", category: "Programming" },
    ]);
  });
});

describe("findActiveCourseBySlug", () => {
  it("finds an active course with all its details", async () => {
    await insert(
      course("data-science", {
        title: "Data Science Bootcamp",
        category: "Data Science",
        learningOutcomes: ["Clean data", "Build models"],
        modules: [{ title: "Python", description: "Basics", topics: ["Syntax", "Pandas"] }],
        faqs: [{ question: "Is it online?", answer: "Both." }],
        brochureUrl: "/files/course-assets/brochures/x.pdf",
      }),
    );
    const found = await findActiveCourseBySlug("data-science");
    expect(found).toMatchObject({
      slug: "data-science",
      title: "Data Science Bootcamp",
      category: "Data Science",
      isActive: true,
      learningOutcomes: ["Clean data", "Build models"],
      modules: [{ title: "Python", description: "Basics", topics: ["Syntax", "Pandas"] }],
      faqs: [{ question: "Is it online?", answer: "Both." }],
      brochureUrl: "/files/course-assets/brochures/x.pdf",
      language: "English",
      subtitles: ["English"],
      format: "Available in-person and online",
      location: "Lagos, Nigeria",
      classSize: null,
    });
  });

  it("returns null for an inactive course", async () => {
    await insert(course("hidden-course", { isActive: false }));
    expect(await findActiveCourseBySlug("hidden-course")).toBeNull();
  });

  it("returns null for an unknown slug and matches the slug exactly", async () => {
    await insert(course("web-development"));
    expect(await findActiveCourseBySlug("no-such-course")).toBeNull();
    expect(await findActiveCourseBySlug("Web-Development")).toBeNull();
    expect(await findActiveCourseBySlug("web")).toBeNull();
    expect((await findActiveCourseBySlug("web-development"))?.slug).toBe("web-development");
  });

  it("stops finding a course once it is deactivated", async () => {
    await insert(course("toggled"));
    expect(await findActiveCourseBySlug("toggled")).not.toBeNull();
    await database().db.update(courses).set({ isActive: false }).where(eq(courses.slug, "toggled"));
    expect(await findActiveCourseBySlug("toggled")).toBeNull();
  });
});

describe("listActiveCourseSitemapEntries", () => {
  it("lists slugs and change dates of active courses by slug", async () => {
    const changed = new Date("2026-02-14T08:30:00.000Z");
    await insert(
      course("marketing", { updatedAt: changed }),
      course("analytics", { updatedAt: changed }),
      course("hidden", { isActive: false, updatedAt: changed }),
    );
    expect(await listActiveCourseSitemapEntries()).toEqual([
      { slug: "analytics", updatedAt: changed },
      { slug: "marketing", updatedAt: changed },
    ]);
  });
});
