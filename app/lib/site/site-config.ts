/** Days of the week as JavaScript numbers them (`Date#getDay`): 0 is Sunday. */
export const weekDays = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** Opening hours on one day, Lagos time, as "H:MM" on a 24-hour clock; closing is exclusive. */
export type OpeningHours = { opens: string; closes: string };

/**
 * When the office is open, Lagos time, by day of the week (0 = Sunday); null: closed all day.
 * Written once: the office hours shown on the site and in e-mails are derived from it, and
 * `isOfficeOpen` (lib/office-hours.ts) reads it.
 */
export const officeSchedule: readonly (OpeningHours | null)[] = [
  null,
  { opens: "9:00", closes: "18:00" },
  { opens: "9:00", closes: "18:00" },
  { opens: "9:00", closes: "18:00" },
  { opens: "9:00", closes: "18:00" },
  { opens: "9:00", closes: "18:00" },
  { opens: "10:00", closes: "16:00" },
];

const hoursText = (hours: OpeningHours | null) =>
  hours ? `${hours.opens} - ${hours.closes}` : "Closed";

/** The week from Monday, with runs of days that keep the same hours as one line. */
function officeHoursLines(schedule: readonly (OpeningHours | null)[]) {
  const lines: { days: string; hours: string }[] = [];
  let first = "";
  for (const day of [1, 2, 3, 4, 5, 6, 0]) {
    const hours = hoursText(schedule[day] ?? null);
    const name = weekDays[day] as string;
    const previous = lines.at(-1);
    if (previous?.hours === hours) {
      previous.days = `${first} - ${name}`;
    } else {
      first = name;
      lines.push({ days: name, hours });
    }
  }
  return lines;
}

/** The institute's facts and marketing claims, in one place. */
export const siteConfig = {
  name: "Lagos Tech Academy",
  shortName: "LTA",
  tagline: "Practical tech skills, taught in Lagos",
  description:
    "Hands-on courses in design, marketing, data science and programming, taught by practitioners in Lagos and online.",
  location: "Lagos, Nigeria",
  address: {
    street: "12 Adeola Odeku Street",
    area: "Victoria Island",
    city: "Lagos",
    country: "Nigeria",
  },
  phones: ["+234 803 123 4567", "+234 812 765 4321"],
  emails: ["hello@lagostechacademy.ng", "admissions@lagostechacademy.ng"],
  /** As shown: "Monday - Friday" "9:00 - 18:00", "Saturday" …, "Sunday" "Closed". */
  officeHours: officeHoursLines(officeSchedule),
  social: [
    { name: "Facebook", href: "https://facebook.com/lagostechacademy" },
    { name: "Instagram", href: "https://instagram.com/lagostechacademy" },
    { name: "X", href: "https://x.com/lagostechacademy" },
    { name: "LinkedIn", href: "https://linkedin.com/company/lagostechacademy" },
    { name: "YouTube", href: "https://youtube.com/@lagostechacademy" },
  ],
  claims: {
    studentsJoined: "More than 2000+ Student Joined",
    studentsTrained: "500+",
    courses: "16+",
    jobPlacement: "95%",
    yearsOfExperience: "5+",
    responseTime: "24 hours",
    foundedYear: 2024,
  },
} as const;

export const fullAddress = `${siteConfig.address.street}, ${siteConfig.address.area}, ${siteConfig.address.city}, ${siteConfig.address.country}`;
