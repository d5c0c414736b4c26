/**
 * The demo's saved replies: answers to the questions the academy is asked every week, written
 * with the placeholders of app/features/saved-replies/placeholders.ts.
 */
export const demoSavedReplies: { title: string; body: string }[] = [
  {
    title: "Brochure and course outline",
    body: [
      "Hello {name},",
      "",
      "Thank you for your interest in {course}. The brochure has the full outline, schedule and fees: {brochure_link}",
      "",
      "If anything in it is unclear, reply to this message and we will walk you through it.",
      "",
      "Warm regards,",
      "Admissions, Lagos Tech Academy",
    ].join("\n"),
  },
  {
    title: "Certificates",
    body: [
      "Hello {name},",
      "",
      "Yes. Every student who completes {course}, including the final project, receives a Lagos Tech Academy certificate. It lists the skills you covered and can be verified by employers with us.",
      "",
      "Warm regards,",
      "Admissions, Lagos Tech Academy",
    ].join("\n"),
  },
  {
    title: "Fees and instalments",
    body: [
      "Hello {name},",
      "",
      "Thank you for asking about {course}. The fee is {price}, and it can be paid in two instalments: 50% to secure your seat and the balance by week 4 of the course, by bank transfer or card.",
      "",
      "Once you are ready, reply to this message and we will send the payment details.",
      "",
      "Warm regards,",
      "Admissions, Lagos Tech Academy",
    ].join("\n"),
  },
  {
    title: "Next intake",
    body: [
      "Hello {name},",
      "",
      "The next class of {course} starts on {next_session}. Seats are limited, so we advise registering early; the brochure has the schedule and fees: {brochure_link}",
      "",
      "Warm regards,",
      "Admissions, Lagos Tech Academy",
    ].join("\n"),
  },
  {
    title: "Weekend classes",
    body: [
      "Hello {name},",
      "",
      "Many of our students work full time, so several of our courses run on Saturdays. You will find the schedule of {course} here: {brochure_link}",
      "",
      "Tell us which days suit you and we will recommend the best cohort.",
      "",
      "Warm regards,",
      "Admissions, Lagos Tech Academy",
    ].join("\n"),
  },
];
