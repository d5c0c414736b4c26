import type { NewCourse, NewIntake } from "~/db/schema";
import { monthYearLong, startOfLagosDate } from "~/lib/format/dates";
import { koboFromNaira, nairaFromKobo } from "~/lib/format/money";
import courseSeeds from "./demo-courses.json";

/**
 * Demo courses for a fresh installation (`npm run db:seed`, and the embedded demo mode).
 * Pure data: no database, no file system. Intake dates are computed from "today" so a seeded
 * catalogue always has intakes ahead, and one behind.
 */
export type DemoCourse = Omit<
  NewCourse,
  "id" | "image" | "brochureUrl" | "createdAt" | "updatedAt" | "createdBy"
> & {
  /** Whether the seed generates and stores a PDF brochure for the course. */
  hasBrochure: boolean;
  /** Hex colour of the generated course image. */
  accent: string;
  intakes: DemoIntake[];
};

export type DemoIntake = Omit<
  NewIntake,
  "id" | "courseId" | "createdAt" | "updatedAt" | "createdBy"
>;

type CourseSeed = Omit<DemoCourse, "intakes"> & {
  /** Days from today (Africa/Lagos) to the next intake. */
  firstStartInDays: number;
  /** Weeks between two intakes (3–8). */
  weeksBetweenStarts: number;
};

/** The course formats the demo catalogue uses, as its JSON spells them. */
const ONLINE = "Online only";
const IN_PERSON = "In-person only";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Lagos is UTC+1 all year (no daylight saving time). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** Today's calendar date in Lagos, as midnight UTC of that date. */
function lagosMidnight(today: Date): number {
  const lagos = new Date(today.getTime() + LAGOS_OFFSET_MS);
  return Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate());
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A course's length in days, from a duration such as '12 weeks' (else 12 weeks). */
function lengthInDays(duration: string | null | undefined) {
  const weeks = Number(/(\d+)\s*weeks?/i.exec(duration ?? "")?.[1] ?? 12);
  return weeks * 7;
}

/**
 * Three intakes per course: one that started a month ago (closed, never shown to visitors),
 * the next one with an early-bird price for its first fortnight of enrolment, and the one after,
 * a small class of three seats, shown as 'Last 3 places', whose places go first come, first
 * served (the others' applications are reviewed by staff).
 */
function demoIntakes(today: Date, course: CourseSeed, price: number): DemoIntake[] {
  const base = lagosMidnight(today);
  const length = lengthInDays(course.duration);
  const intake = (startInDays: number, fields: Partial<DemoIntake>): DemoIntake => {
    const startsOn = isoDate(base + startInDays * DAY_MS);
    return {
      label: `${monthYearLong(startsOn)} · ${course.schedule ?? "weekday evenings"}`,
      startsOn,
      endsOn: isoDate(base + (startInDays + length - 1) * DAY_MS),
      classTimes: course.schedule ?? null,
      mode: modeOf(course.format),
      location: course.format === ONLINE ? null : (course.location ?? "Lagos, Nigeria"),
      seats: 20,
      // 23:59 on the eve in Lagos: the last minute the intake form's rule allows.
      enrolmentClosesAt: new Date(startOfLagosDate(startsOn).getTime() - 60_000),
      price,
      ...paymentPlans(price),
      status: "open",
      ...fields,
    };
  };
  const next = course.firstStartInDays;
  // About a tenth off, in whole thousands of Naira, for courses that cost something.
  const discount = koboFromNaira(
    Math.max(5_000, Math.round(nairaFromKobo(price) / 10_000) * 1_000),
  );
  const earlyBird =
    price > discount
      ? {
          earlyBirdPrice: price - discount,
          earlyBirdEndsOn: isoDate(base + Math.max(1, Math.min(14, next - 2)) * DAY_MS),
        }
      : {};
  return [
    intake(-28, { status: "closed" }),
    intake(next, earlyBird),
    intake(next + course.weeksBetweenStarts * 7, { seats: 3, admissionMode: "first-come" }),
  ];
}

/**
 * A paid course may be paid in full (about a twentieth off, in whole thousands of Naira), in two
 * instalments or monthly; a free one has nothing to split.
 */
function paymentPlans(price: number): Pick<DemoIntake, "paymentPlans" | "payInFullDiscount"> {
  if (price <= 0) return { paymentPlans: ["full"], payInFullDiscount: null };
  const discount = koboFromNaira(Math.round(nairaFromKobo(price) / 20_000) * 1_000);
  return {
    paymentPlans: ["full", "two-instalments", "monthly"],
    payInFullDiscount: discount > 0 && discount < price / 2 ? discount : null,
  };
}

function modeOf(format: string | null | undefined): DemoIntake["mode"] {
  if (format === ONLINE) return "online";
  if (format === IN_PERSON) return "in-person";
  return "both";
}

/**
 * The catalogue's text is data (`demo-courses.json`): JSON widens its enum fields to strings, so
 * the seed's insert into the database (with its enums and CHECKs) is what holds them to the schema.
 */
const seeds = courseSeeds as CourseSeed[];

export function buildDemoCourses(today: Date): DemoCourse[] {
  return seeds.map((seed) => {
    const { firstStartInDays, weeksBetweenStarts, ...course } = seed;
    // The seeds are written in Naira, as staff type prices; the course stores kobo.
    const price = koboFromNaira(course.price ?? 0);
    return {
      ...course,
      price,
      originalPrice: koboFromNaira(course.originalPrice ?? 0),
      intakes: demoIntakes(today, seed, price),
    };
  });
}
