/** The institute's facts and marketing claims (SPEC.md section 1), in one place. */
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
  officeHours: [
    { days: "Monday - Friday", hours: "9:00 - 18:00" },
    { days: "Saturday", hours: "10:00 - 16:00" },
    { days: "Sunday", hours: "Closed" },
  ],
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
