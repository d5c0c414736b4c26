import type { NewCourse, NewIntake } from "~/db/schema";
import { monthYearLong, startOfLagosDate } from "~/lib/format/dates";
import { koboFromNaira, nairaFromKobo } from "~/lib/format/money";

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

const HYBRID = "Available in-person and online";
const ONLINE = "Online only";
const IN_PERSON = "In-person only";

const seeds: CourseSeed[] = [
  // -------------------------------------------------------------------------------------------
  // Design
  // -------------------------------------------------------------------------------------------
  {
    slug: "ui-ux-design-fundamentals",
    title: "UI/UX Design Fundamentals",
    description:
      "Learn to design apps and websites that Nigerians actually enjoy using. You will research " +
      "real users in Lagos, sketch and wireframe, then build clickable Figma prototypes for " +
      "products like a bus-ticket app and a market-stall storefront. By the end you will have " +
      "three case studies ready for a junior product design role.",
    category: "Design",
    icon: "Palette",
    accent: "#7c3aed",
    duration: "12 weeks",
    level: "Beginner",
    difficulty: "Beginner",
    price: 250000,
    originalPrice: 300000,
    rating: 4.8,
    lessons: 48,
    certification: "Lagos Tech Academy Certificate in UI/UX Design",
    language: "English",
    subtitles: ["English"],
    schedule: "Weekdays 6pm–9pm WAT (Mon, Wed, Fri)",
    format: HYBRID,
    classSize: "10-15 students",
    location: "Victoria Island, Lagos",
    deliveryMethod: "Live evening classes in our Victoria Island studio, streamed on Zoom",
    learningOutcomes: [
      "Plan and run user interviews and usability tests with real Nigerian users",
      "Turn research into user flows, wireframes and information architecture",
      "Design polished, accessible interfaces in Figma using auto layout and components",
      "Build interactive prototypes and present design decisions to stakeholders",
      "Publish a portfolio with three end-to-end case studies",
    ],
    prerequisites: [
      "A laptop (Windows or Mac) with at least 8 GB RAM",
      "A free Figma account",
      "No design experience needed",
    ],
    skills: [
      "User research",
      "Wireframing",
      "Figma",
      "Prototyping",
      "Usability testing",
      "Visual design",
      "Design thinking",
    ],
    modules: [
      {
        title: "Design Thinking & User Research",
        description: "Understand people before pixels: research methods that work on a budget.",
        topics: [
          "The design thinking process",
          "Writing an interview guide",
          "Recruiting users via WhatsApp groups",
          "Affinity mapping and personas",
        ],
      },
      {
        title: "Information Architecture & Wireframes",
        description: "Structure content and flows before committing to visuals.",
        topics: ["User flows and journey maps", "Card sorting", "Low-fidelity wireframes"],
      },
      {
        title: "Visual Design in Figma",
        description: "Type, colour, grids and components that scale.",
        topics: [
          "Auto layout and constraints",
          "Colour and contrast for bright sunlight screens",
          "Typography and spacing systems",
          "Components and variants",
        ],
      },
      {
        title: "Prototyping & Usability Testing",
        description: "Make it clickable, test it, and improve it.",
        topics: [
          "Interactive prototypes and smart animate",
          "Moderated and unmoderated tests",
          "Iterating on findings",
        ],
      },
      {
        title: "Portfolio & Career Launch",
        description: "Package your work and prepare for interviews.",
        topics: [
          "Writing a case study",
          "Portfolio on Behance or Notion",
          "Mock interviews with Lagos hiring managers",
        ],
      },
    ],
    faqs: [
      {
        question: "Do I need to be good at drawing?",
        answer:
          "No. UI/UX design is about solving problems for users. We teach every visual skill " +
          "you need from scratch, and most of our graduates had never drawn before.",
      },
      {
        question: "Can I join the online class from outside Lagos?",
        answer:
          "Yes. Every session is streamed live and recorded, and online students join the same " +
          "critiques and group projects as those in the studio.",
      },
      {
        question: "Can I pay in instalments?",
        answer:
          "Yes. You can pay 50% to secure your seat and the balance by week 4, by bank transfer " +
          "or card.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 14,
    weeksBetweenStarts: 6,
  },
  {
    slug: "product-design-for-fintech",
    title: "Product Design for Fintech",
    description:
      "Design trustworthy money products for the Nigerian market. This course covers onboarding " +
      "with BVN and NIN verification, transfer and bill-payment flows, Paystack and Flutterwave " +
      "checkout experiences, failed-transaction states and designing for low-bandwidth users, " +
      "taught by designers who have shipped at Lagos fintechs.",
    category: "Design",
    icon: "PenTool",
    accent: "#0f766e",
    duration: "10 weeks",
    level: "Intermediate",
    difficulty: "Intermediate",
    price: 380000,
    originalPrice: 450000,
    rating: 4.7,
    lessons: 36,
    certification: "Certificate in Fintech Product Design",
    language: "English",
    subtitles: ["English"],
    schedule: "Tuesdays & Thursdays 6pm–9pm WAT",
    format: HYBRID,
    classSize: "8-12 students",
    location: "Victoria Island, Lagos",
    deliveryMethod: "Live classes with weekly design critiques and a capstone reviewed by mentors",
    learningOutcomes: [
      "Design KYC onboarding that balances CBN compliance with conversion",
      "Map transfer, airtime and bill-payment flows including every error and pending state",
      "Design Paystack-style checkout and card-tokenisation experiences",
      "Build trust through microcopy, receipts and transparent fees",
      "Run a design sprint on a real fintech problem statement",
    ],
    prerequisites: [
      "Working knowledge of Figma",
      "At least one completed UI/UX project or our UI/UX Design Fundamentals course",
      "Interest in payments and financial services",
    ],
    skills: [
      "Fintech UX",
      "KYC flows",
      "Payment UX",
      "UX writing",
      "Design sprints",
      "Prototyping",
    ],
    modules: [
      {
        title: "How Money Moves in Nigeria",
        description: "The payment rails and regulations that shape fintech products.",
        topics: [
          "NIP transfers, USSD and cards",
          "Wallets, agents and POS",
          "CBN tiered KYC rules",
          "Why transactions fail",
        ],
      },
      {
        title: "Onboarding & Verification",
        description: "Getting users verified without losing them.",
        topics: ["BVN and NIN verification UX", "Selfie and ID capture", "Progressive KYC"],
      },
      {
        title: "Payments & Checkout",
        description: "Flows that convert and recover gracefully.",
        topics: [
          "Paystack and Flutterwave checkout patterns",
          "Pending, reversed and failed states",
          "Receipts and dispute flows",
        ],
      },
      {
        title: "Designing for Trust and Low Bandwidth",
        description: "Security cues, fees, offline states and lightweight screens.",
        topics: [
          "Trust signals and microcopy",
          "Designing for 3G and low-end Android phones",
          "Accessibility for older users",
        ],
      },
      {
        title: "Capstone Design Sprint",
        description: "Five days, one real fintech brief, a tested prototype.",
        topics: ["Problem framing", "Rapid prototyping", "Testing with real users", "Pitch day"],
      },
    ],
    faqs: [
      {
        question: "Is this course only for people who want to work in banks?",
        answer:
          "No. The skills apply to any product that takes payments: e-commerce, logistics, " +
          "ticketing and SaaS. Fintech is simply where the hardest design problems are.",
      },
      {
        question: "Will I work on real briefs?",
        answer:
          "Yes. The capstone brief comes from a partner startup in Lagos and the best prototypes " +
          "are presented to their product team.",
      },
      {
        question: "What if I have not taken the fundamentals course?",
        answer:
          "Send us a portfolio link or one project. If you are comfortable in Figma you can join.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 21,
    weeksBetweenStarts: 8,
  },
  {
    slug: "graphic-design-brand-identity",
    title: "Graphic Design & Brand Identity",
    description:
      "From logo to flyer to Instagram carousel: learn to create brand identities for Nigerian " +
      "businesses with Adobe Illustrator, Photoshop and Canva. You will design a complete " +
      "identity for a real small business, such as a Yaba food vendor or an Aba fashion label, " +
      "and learn how to price and present your work to clients.",
    category: "Design",
    icon: "Brush",
    accent: "#db2777",
    duration: "8 weeks",
    level: "Beginner",
    difficulty: "Beginner",
    price: 180000,
    originalPrice: 180000,
    rating: 4.6,
    lessons: 32,
    certification: "Certificate in Graphic Design",
    language: "English",
    subtitles: ["English"],
    schedule: "Saturdays 10am–2pm",
    format: IN_PERSON,
    classSize: "12-18 students",
    location: "Lagos, Nigeria",
    deliveryMethod: "Hands-on studio sessions on our iMacs, with take-home client briefs",
    learningOutcomes: [
      "Apply the principles of layout, colour and typography",
      "Design logos and full brand identity kits",
      "Produce print-ready flyers, banners and packaging labels",
      "Create consistent social media templates in Canva and Photoshop",
      "Quote, invoice and present work to clients with confidence",
    ],
    prerequisites: ["Basic computer skills", "An interest in visual communication"],
    skills: [
      "Adobe Illustrator",
      "Adobe Photoshop",
      "Canva",
      "Logo design",
      "Typography",
      "Print production",
    ],
    modules: [
      {
        title: "Design Principles",
        description: "The foundations every designer needs.",
        topics: ["Balance, contrast and hierarchy", "Colour theory", "Choosing typefaces"],
      },
      {
        title: "Logo & Identity Design",
        description: "From brief to brand guidelines.",
        topics: [
          "Reading a client brief",
          "Sketching and vectorising logos",
          "Building a brand style guide",
        ],
      },
      {
        title: "Print & Social Media Design",
        description: "Designs that look right on a billboard and on a phone.",
        topics: [
          "Print-ready files and working with Lagos printers",
          "Instagram carousels and WhatsApp status designs",
          "Templates in Canva",
        ],
      },
      {
        title: "Freelancing & Client Work",
        description: "Turning skills into income.",
        topics: ["Pricing your work in Naira and dollars", "Contracts", "Presenting concepts"],
      },
    ],
    faqs: [
      {
        question: "Do I need my own laptop?",
        answer:
          "No. Classes are in-person and each student has an iMac with the Adobe apps installed. " +
          "A laptop helps for homework, but Canva works on any device.",
      },
      {
        question: "Will I get clients after the course?",
        answer:
          "We cannot promise clients, but every student leaves with a portfolio and we share " +
          "freelance requests from our alumni network.",
      },
      {
        question: "Where do classes hold?",
        answer: "At our Lagos campus. The exact address is shared once your seat is confirmed.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 10,
    weeksBetweenStarts: 4,
  },
  {
    slug: "advanced-design-systems",
    title: "Advanced Design Systems",
    description:
      "For product designers ready to lead. Build and govern a design system that serves " +
      "several product teams: tokens, theming, accessibility at scale, documentation and " +
      "handoff to React and Flutter engineers. Ideal for designers at growing Lagos startups " +
      "whose UI is starting to drift.",
    category: "Design",
    icon: "Layers",
    accent: "#1d4ed8",
    duration: "8 weeks",
    level: "Advanced",
    difficulty: "Advanced",
    price: 450000,
    originalPrice: 520000,
    rating: 4.9,
    lessons: 24,
    certification: "Advanced Certificate in Design Systems",
    language: "English",
    subtitles: ["English", "French"],
    schedule: "Saturdays 10am–1pm WAT",
    format: ONLINE,
    classSize: "5-10 students",
    location: "Lagos, Nigeria",
    deliveryMethod: "Live online workshops with 1:1 mentor reviews of your own product's system",
    learningOutcomes: [
      "Audit an existing product and plan a design system roadmap",
      "Define design tokens for colour, type, spacing and motion",
      "Build accessible, themeable component libraries in Figma",
      "Document components and collaborate with engineers on code parity",
      "Set up governance and contribution processes",
    ],
    prerequisites: [
      "At least two years of product design experience",
      "Advanced Figma skills (variables, variants, auto layout)",
      "Basic understanding of HTML and CSS",
    ],
    skills: [
      "Design tokens",
      "Figma variables",
      "Component architecture",
      "Accessibility (WCAG)",
      "Documentation",
      "Design-engineering collaboration",
    ],
    modules: [
      {
        title: "Auditing & Strategy",
        description: "Make the case for a design system and plan it.",
        topics: ["Interface inventory", "Measuring inconsistency", "Roadmaps and buy-in"],
      },
      {
        title: "Tokens & Theming",
        description: "A single source of truth for every brand and mode.",
        topics: ["Token naming", "Figma variables", "Light, dark and white-label themes"],
      },
      {
        title: "Components at Scale",
        description: "Components that are flexible without being fragile.",
        topics: [
          "Composition patterns",
          "Accessible states and focus",
          "Responsive behaviour",
          "Versioning",
        ],
      },
      {
        title: "Documentation & Governance",
        description: "Keep the system alive after launch.",
        topics: ["Usage guidelines", "Contribution model", "Syncing with Storybook"],
      },
    ],
    faqs: [
      {
        question: "Is this course suitable for beginners?",
        answer:
          "No. It assumes you already design production interfaces. Start with UI/UX Design " +
          "Fundamentals if you are new.",
      },
      {
        question: "Can I use my company's product for the project?",
        answer:
          "Yes, and we encourage it. Mentors sign an NDA on request if your work is confidential.",
      },
      {
        question: "Are sessions available with French subtitles?",
        answer:
          "Yes. Recordings have English and French subtitles, which makes the course popular " +
          "with designers in Cotonou, Lomé and Dakar.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 30,
    weeksBetweenStarts: 8,
  },
  {
    slug: "motion-design-after-effects",
    title: "Motion Design with After Effects",
    description:
      "Bring brands to life with animated logos, explainer videos and social ads. You will " +
      "learn keyframes, easing, shape layers and kinetic typography in Adobe After Effects. " +
      "This course is paused while we refresh the curriculum; join the waiting list to hear " +
      "about the next intake.",
    category: "Design",
    icon: "Clapperboard",
    accent: "#ea580c",
    duration: "6 weeks",
    level: "Intermediate",
    difficulty: "Intermediate",
    price: 220000,
    originalPrice: 220000,
    rating: 4.4,
    lessons: 18,
    certification: "Certificate in Motion Design",
    language: "English",
    subtitles: ["English"],
    schedule: "Saturdays 2pm–5pm",
    format: IN_PERSON,
    classSize: null,
    location: "Lagos, Nigeria",
    deliveryMethod: "Studio sessions on our workstations",
    learningOutcomes: [
      "Animate logos and typography with smooth easing",
      "Build explainer scenes with shape layers",
      "Export optimised videos for Instagram, TikTok and YouTube",
      "Create a motion design showreel",
    ],
    prerequisites: ["Comfort with Adobe Illustrator or Photoshop", "A portfolio of static work"],
    skills: ["After Effects", "Keyframe animation", "Kinetic typography", "Video export"],
    modules: [],
    faqs: [
      {
        question: "When will this course run again?",
        answer:
          "We are updating the curriculum. Send us an inquiry and we will tell you as soon as " +
          "the next intake is confirmed.",
      },
      {
        question: "Do I need a powerful computer?",
        answer: "No. In-person classes use our studio workstations.",
      },
      {
        question: "Is After Effects experience required?",
        answer: "No, but you should be comfortable with at least one Adobe design app.",
      },
    ],
    isActive: false,
    hasBrochure: false,
    firstStartInDays: 75,
    weeksBetweenStarts: 8,
  },

  // -------------------------------------------------------------------------------------------
  // Marketing
  // -------------------------------------------------------------------------------------------
  {
    slug: "digital-marketing-essentials",
    title: "Digital Marketing Essentials",
    description:
      "A practical introduction to marketing online in Nigeria. Learn how to grow a business " +
      "on Instagram, WhatsApp Business, Google and email, write copy that sells, and measure " +
      "what works. Perfect for SME owners, career switchers and fresh graduates who want their " +
      "first marketing role.",
    category: "Marketing",
    icon: "Megaphone",
    accent: "#dc2626",
    duration: "8 weeks",
    level: "Beginner",
    difficulty: "Beginner",
    price: 150000,
    originalPrice: 200000,
    rating: 4.6,
    lessons: 32,
    certification: "Certificate in Digital Marketing",
    language: "English",
    subtitles: ["English"],
    schedule: "Weekdays 6pm–8pm WAT (Mon–Thu)",
    format: HYBRID,
    classSize: "15-20 students",
    location: "Lagos, Nigeria",
    deliveryMethod: "Live classes in person and on Zoom, with weekly campaign assignments",
    learningOutcomes: [
      "Build a digital marketing plan for a Nigerian business",
      "Grow and engage an audience on Instagram, TikTok and WhatsApp Business",
      "Run your first Meta and Google ads on a small Naira budget",
      "Write persuasive copy for posts, ads and emails",
      "Track results with Google Analytics 4",
    ],
    prerequisites: [
      "A smartphone and a laptop",
      "Access to an Instagram or Facebook account",
      "No marketing experience needed",
    ],
    skills: [
      "Social media marketing",
      "Copywriting",
      "Meta Ads",
      "Google Ads",
      "Email marketing",
      "Google Analytics 4",
    ],
    modules: [
      {
        title: "Marketing Foundations",
        description: "Customers, positioning and the funnel.",
        topics: ["Customer personas", "Positioning in a crowded market", "The marketing funnel"],
      },
      {
        title: "Social Media & WhatsApp Business",
        description: "Organic growth where Nigerians spend their time.",
        topics: [
          "Content calendars",
          "WhatsApp catalogues and broadcast lists",
          "Instagram Reels and TikTok basics",
          "Community management",
        ],
      },
      {
        title: "Paid Advertising",
        description: "Spend small, learn fast.",
        topics: ["Meta Ads Manager", "Google Search ads", "Budgeting in Naira", "A/B testing"],
      },
      {
        title: "Email, Copy & Analytics",
        description: "Convert attention into sales and measure it.",
        topics: ["Copywriting formulas", "Email sequences", "GA4 reports and UTM links"],
      },
    ],
    faqs: [
      {
        question: "I run a small business. Is this course for me?",
        answer:
          "Yes. Many students are SME owners, and every assignment can be done on your own " +
          "business so you see results during the course.",
      },
      {
        question: "How much ad budget do I need?",
        answer: "We recommend ₦20,000 for the paid-ads module. It is optional but very useful.",
      },
      {
        question: "Is the certificate recognised?",
        answer:
          "Our certificate is respected by Lagos agencies and employers, and we also prepare you " +
          "for the free Google and Meta certifications.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 7,
    weeksBetweenStarts: 4,
  },
  {
    slug: "social-media-video-marketing",
    title: "Social Media & Video Marketing",
    description:
      "Short video sells in Nigeria. Learn Nollywood-style storytelling for brands: write " +
      "scripts with a hook, shoot on a phone, edit in CapCut, and work with skit makers and " +
      "influencers. You will plan and run a 30-day content campaign for a real brand and " +
      "report on views, engagement and sales.",
    category: "Marketing",
    icon: "Video",
    accent: "#c026d3",
    duration: "10 weeks",
    level: "Intermediate",
    difficulty: "Intermediate",
    price: 220000,
    originalPrice: 260000,
    rating: 4.7,
    lessons: 30,
    certification: "Certificate in Social Media & Video Marketing",
    language: "English",
    subtitles: ["English"],
    schedule: "Saturdays 10am–2pm",
    format: HYBRID,
    classSize: "10-15 students",
    location: "Victoria Island, Lagos",
    deliveryMethod: "Weekend studio shoots plus online editing clinics",
    learningOutcomes: [
      "Write short-form video scripts with strong hooks and a clear call to action",
      "Shoot, light and record good audio with just a smartphone",
      "Edit Reels and TikToks in CapCut with captions and trending audio",
      "Brief and manage influencers and skit creators",
      "Measure campaign performance and report ROI to a client",
    ],
    prerequisites: [
      "Completion of Digital Marketing Essentials or 6 months of social media experience",
      "A smartphone that records 1080p video",
    ],
    skills: [
      "Scriptwriting",
      "Mobile videography",
      "CapCut",
      "Influencer marketing",
      "Content strategy",
      "Social analytics",
    ],
    modules: [
      {
        title: "Storytelling That Sells",
        description: "What brands can learn from Nollywood and Lagos skit makers.",
        topics: ["The 3-second hook", "Characters and conflict", "Humour and culture"],
      },
      {
        title: "Shooting on a Phone",
        description: "Professional-looking video with minimal gear.",
        topics: ["Framing and lighting", "Recording clean audio", "Shooting B-roll"],
      },
      {
        title: "Editing for Reels and TikTok",
        description: "Fast, captioned, on-trend edits.",
        topics: ["CapCut workflow", "Captions and subtitles", "Trending sounds and formats"],
      },
      {
        title: "Influencers & Campaigns",
        description: "Plan, run and measure a 30-day campaign.",
        topics: ["Choosing creators", "Briefs and contracts", "Content calendars", "Reporting ROI"],
      },
    ],
    faqs: [
      {
        question: "Do I need a camera?",
        answer: "No. Everything is shot on a smartphone; we lend ring lights and microphones.",
      },
      {
        question: "Will I be on camera?",
        answer:
          "Only if you want to. You can work behind the camera as writer, director or editor.",
      },
      {
        question: "Do we work with real brands?",
        answer:
          "Yes. Each cohort partners with Lagos businesses who brief students and review the " +
          "final campaigns.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 18,
    weeksBetweenStarts: 6,
  },
  {
    slug: "performance-marketing-ecommerce-growth",
    title: "Performance Marketing & E-commerce Growth",
    description:
      "Scale online stores selling in Naira. Master Meta and Google Ads at scale, conversion " +
      "rate optimisation, pay-on-delivery versus prepaid economics, retargeting, and unit " +
      "economics that survive exchange-rate swings. Built for marketers managing serious " +
      "budgets at e-commerce brands, agencies and D2C startups.",
    category: "Marketing",
    icon: "TrendingUp",
    accent: "#b91c1c",
    duration: "12 weeks",
    level: "Advanced",
    difficulty: "Advanced",
    price: 420000,
    originalPrice: 500000,
    rating: 4.8,
    lessons: 36,
    certification: "Advanced Certificate in Performance Marketing",
    language: "English",
    subtitles: ["English"],
    schedule: "Tuesdays & Thursdays 7pm–9pm WAT",
    format: ONLINE,
    classSize: "8-12 students",
    location: "Lagos, Nigeria",
    deliveryMethod: "Live online classes, ad-account teardowns and a growth capstone",
    learningOutcomes: [
      "Structure and scale Meta and Google Ads accounts profitably",
      "Calculate CAC, LTV and contribution margin for Naira-market stores",
      "Reduce failed deliveries and grow prepaid orders with Paystack checkout",
      "Run conversion-rate experiments on product and checkout pages",
      "Build retention with email, SMS and WhatsApp automations",
      "Present a growth plan to founders and investors",
    ],
    prerequisites: [
      "At least one year running paid ads",
      "Access to an ad account or store data (we can provide a sandbox)",
      "Comfort with spreadsheets",
    ],
    skills: [
      "Meta Ads at scale",
      "Google Performance Max",
      "Conversion rate optimisation",
      "Unit economics",
      "Retention marketing",
      "Attribution",
      "Experiment design",
    ],
    modules: [
      {
        title: "E-commerce Economics in Nigeria",
        description: "Profitability before scale.",
        topics: [
          "CAC, AOV and LTV",
          "Pay-on-delivery vs prepaid",
          "Logistics costs and returns",
          "Pricing through FX volatility",
        ],
      },
      {
        title: "Paid Acquisition at Scale",
        description: "Account structures and creative testing that work.",
        topics: ["Campaign architecture", "Creative testing frameworks", "Scaling budgets"],
      },
      {
        title: "Conversion Rate Optimisation",
        description: "More orders from the same traffic.",
        topics: [
          "Landing page audits",
          "Checkout friction and Paystack payment options",
          "A/B testing",
        ],
      },
      {
        title: "Retention & Automation",
        description: "The second order is where the profit is.",
        topics: ["Email and SMS flows", "WhatsApp automation", "Loyalty and referrals"],
      },
      {
        title: "Measurement & Attribution",
        description: "Know what is really working.",
        topics: ["GA4 e-commerce tracking", "Conversions API", "Marketing mix basics"],
      },
    ],
    faqs: [
      {
        question: "Is this course for beginners?",
        answer:
          "No. You should already run paid campaigns. Beginners should start with Digital " +
          "Marketing Essentials.",
      },
      {
        question: "Will we look at real ad accounts?",
        answer:
          "Yes. Every week we tear down anonymised accounts from Nigerian stores, and you can " +
          "bring your own for review.",
      },
      {
        question: "Is there a discount for teams?",
        answer: "Yes. Companies enrolling three or more marketers get 15% off each seat.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 25,
    weeksBetweenStarts: 8,
  },
  {
    slug: "seo-content-marketing",
    title: "SEO & Content Marketing",
    description:
      "Get found on Google without paying for every click. Learn keyword research for " +
      "Nigerian search behaviour, on-page and technical SEO, content strategy and link " +
      "building, and grow organic traffic to a blog or business site you manage during the " +
      "course.",
    category: "Marketing",
    icon: "Search",
    accent: "#059669",
    duration: "6 weeks",
    level: "Intermediate",
    difficulty: "Intermediate",
    price: 160000,
    originalPrice: 160000,
    rating: 4.3,
    lessons: 20,
    certification: "Certificate in SEO & Content Marketing",
    language: "English",
    subtitles: ["English"],
    schedule: "Wednesdays 6pm–9pm WAT",
    format: ONLINE,
    classSize: null,
    location: "Lagos, Nigeria",
    deliveryMethod: "Live online classes with a site you optimise throughout the course",
    learningOutcomes: [
      "Research keywords and search intent for Nigerian audiences",
      "Optimise pages, titles and internal links",
      "Fix technical SEO issues with Google Search Console",
      "Plan a content calendar that compounds traffic",
    ],
    prerequisites: [
      "Access to a website or blog (WordPress is fine)",
      "Basic digital marketing knowledge",
    ],
    skills: [
      "Keyword research",
      "On-page SEO",
      "Technical SEO",
      "Google Search Console",
      "Content strategy",
    ],
    modules: [],
    faqs: [
      {
        question: "I don't have a website. Can I still join?",
        answer: "Yes. We help you set up a simple WordPress blog in the first week.",
      },
      {
        question: "How soon will I see results?",
        answer:
          "SEO takes time. Most students see first ranking improvements within the 6 weeks, and " +
          "bigger gains over the following months.",
      },
      {
        question: "Do you cover AI writing tools?",
        answer: "Yes, including how to use them without publishing thin content.",
      },
    ],
    isActive: true,
    hasBrochure: false,
    firstStartInDays: 12,
    weeksBetweenStarts: 5,
  },
  {
    slug: "brand-strategy-marketing-management",
    title: "Brand Strategy & Marketing Management",
    description:
      "Lead marketing, not just execute it. Learn brand positioning, market research, " +
      "integrated campaign planning, budgets and team leadership through Nigerian case " +
      "studies from telecoms, FMCG and fintech, and finish with a full annual marketing plan " +
      "defended before a panel of marketing leaders.",
    category: "Marketing",
    icon: "Presentation",
    accent: "#9a3412",
    duration: "12 weeks",
    level: "Advanced",
    difficulty: "Advanced",
    price: 480000,
    originalPrice: 480000,
    rating: 4.5,
    lessons: 24,
    certification: "Advanced Certificate in Marketing Management",
    language: "English",
    subtitles: ["English", "French"],
    schedule: "Saturdays 9am–1pm",
    format: HYBRID,
    classSize: "10-15 students",
    location: "Victoria Island, Lagos",
    deliveryMethod: "Executive-style weekend sessions with guest lectures from CMOs",
    learningOutcomes: [
      "Define brand positioning and architecture",
      "Commission and interpret market research",
      "Plan integrated campaigns across ATL, BTL and digital",
      "Build and defend a marketing budget",
      "Lead and grow a marketing team",
    ],
    prerequisites: [
      "At least three years of marketing experience",
      "Currently managing campaigns, budgets or people",
    ],
    skills: [
      "Brand positioning",
      "Market research",
      "Integrated campaigns",
      "Budgeting",
      "Leadership",
    ],
    modules: [
      {
        title: "Brand Positioning",
        description: "What your brand stands for, and for whom.",
        topics: ["Brand pyramids", "Competitive mapping", "Brand architecture"],
      },
      {
        title: "Market Research & Insight",
        description: "Decisions grounded in evidence.",
        topics: ["Qualitative vs quantitative research", "Survey design", "Finding insights"],
      },
      {
        title: "Integrated Campaign Planning",
        description: "From radio jingles to TikTok in one plan.",
        topics: ["Media planning", "Working with agencies", "Campaign measurement"],
      },
      {
        title: "Marketing Leadership",
        description: "Budgets, teams and the boardroom.",
        topics: ["Budget defence", "Hiring and coaching", "Reporting to the CEO"],
      },
    ],
    faqs: [],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 35,
    weeksBetweenStarts: 8,
  },

  // -------------------------------------------------------------------------------------------
  // Data Science
  // -------------------------------------------------------------------------------------------
  {
    slug: "data-analysis-excel-sql-power-bi",
    title: "Data Analysis with Excel, SQL & Power BI",
    description:
      "The most in-demand entry route into data in Nigeria. Clean messy spreadsheets, query " +
      "databases with SQL and build Power BI dashboards that bank, telecom and FMCG managers " +
      "actually use. You will finish with a portfolio of analyses on Nigerian datasets, from " +
      "inflation to mobile-money adoption.",
    category: "Data Science",
    icon: "ChartColumn",
    accent: "#0369a1",
    duration: "12 weeks",
    level: "Beginner",
    difficulty: "Beginner",
    price: 200000,
    originalPrice: 250000,
    rating: 4.8,
    lessons: 48,
    certification: "Certificate in Data Analysis",
    language: "English",
    subtitles: ["English"],
    schedule: "Weekdays 6pm–9pm WAT (Tue, Thu) and Saturdays 10am–1pm",
    format: HYBRID,
    classSize: "15-20 students",
    location: "Lagos, Nigeria",
    deliveryMethod: "Live classes, weekly labs and a capstone with a mentor",
    learningOutcomes: [
      "Clean and analyse data with Excel formulas, pivot tables and Power Query",
      "Write SQL queries with joins, aggregations and window functions",
      "Design interactive Power BI dashboards with DAX measures",
      "Tell clear stories with data to non-technical managers",
      "Complete a capstone analysis on a real Nigerian dataset",
    ],
    prerequisites: [
      "A laptop running Windows (Power BI Desktop is Windows-only) or access to one",
      "Comfort with basic arithmetic",
      "No coding experience needed",
    ],
    skills: [
      "Microsoft Excel",
      "Power Query",
      "SQL",
      "Power BI",
      "DAX",
      "Data visualisation",
      "Data storytelling",
    ],
    modules: [
      {
        title: "Excel for Analysts",
        description: "The tool every Nigerian office already runs on.",
        topics: [
          "Lookup functions and conditional logic",
          "Pivot tables",
          "Power Query for cleaning",
          "Charts that communicate",
        ],
      },
      {
        title: "SQL Foundations",
        description: "Ask questions of a database directly.",
        topics: ["SELECT, WHERE and ORDER BY", "Joins", "GROUP BY and aggregates"],
      },
      {
        title: "Intermediate SQL",
        description: "Queries analysts write every day.",
        topics: ["Subqueries and CTEs", "Window functions", "Date handling"],
      },
      {
        title: "Power BI Dashboards",
        description: "From data model to published report.",
        topics: ["Data modelling", "DAX measures", "Report design", "Publishing and sharing"],
      },
      {
        title: "Capstone & Career",
        description: "Prove it with a real project.",
        topics: ["Capstone analysis", "Presenting insights", "CV and LinkedIn review"],
      },
    ],
    faqs: [
      {
        question: "I studied a non-science course. Can I become a data analyst?",
        answer:
          "Yes. Many of our analysts studied economics, law or English. What matters is " +
          "curiosity and practice, and the course starts from zero.",
      },
      {
        question: "Can I use a MacBook?",
        answer:
          "Yes for Excel and SQL. For Power BI we provide lab computers or a Windows virtual " +
          "machine.",
      },
      {
        question: "Do you help with jobs?",
        answer:
          "We run CV reviews and mock interviews, and share openings from our hiring partners " +
          "with graduates.",
      },
      {
        question: "What happens if I miss a class?",
        answer: "Every class is recorded and available for the rest of the course.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 9,
    weeksBetweenStarts: 5,
  },
  {
    slug: "python-for-data-science",
    title: "Python for Data Science",
    description:
      "Go beyond spreadsheets. Learn Python, pandas and Jupyter to clean, explore and " +
      "visualise large datasets, automate reports, and take your first steps into " +
      "statistics and prediction. Projects use Nigerian data such as NBS inflation figures, " +
      "Lagos traffic and e-commerce orders.",
    category: "Data Science",
    icon: "Database",
    accent: "#0e7490",
    duration: "10 weeks",
    level: "Intermediate",
    difficulty: "Intermediate",
    price: 300000,
    originalPrice: 350000,
    rating: 4.7,
    lessons: 40,
    certification: "Certificate in Python for Data Science",
    language: "English",
    subtitles: ["English"],
    schedule: "Weekdays 6pm–9pm WAT (Mon, Wed)",
    format: HYBRID,
    classSize: "10-15 students",
    location: "Lagos, Nigeria",
    deliveryMethod: "Live coding classes with notebooks shared on GitHub",
    learningOutcomes: [
      "Write clean Python for data work",
      "Wrangle data with pandas and NumPy",
      "Visualise findings with matplotlib and seaborn",
      "Apply descriptive and inferential statistics",
      "Automate recurring reports",
    ],
    prerequisites: [
      "Basic data analysis experience (Excel or SQL)",
      "A laptop with at least 8 GB RAM",
    ],
    skills: ["Python", "pandas", "NumPy", "Jupyter", "Data visualisation", "Statistics"],
    modules: [
      {
        title: "Python Essentials",
        description: "Just enough Python to be productive.",
        topics: ["Variables and data types", "Functions", "Loops and comprehensions"],
      },
      {
        title: "Data Wrangling with pandas",
        description: "Turn raw files into tidy tables.",
        topics: ["Reading CSV and Excel", "Cleaning and reshaping", "Merging datasets"],
      },
      {
        title: "Exploratory Analysis & Visualisation",
        description: "Find the story in the data.",
        topics: ["Summary statistics", "Charts with seaborn", "Handling outliers"],
      },
      {
        title: "Statistics & Automation",
        description: "Sound conclusions and reports that write themselves.",
        topics: ["Hypothesis testing", "Correlation and regression", "Scheduled reports"],
      },
    ],
    faqs: [
      {
        question: "Do I need to know programming?",
        answer: "No, but you should be comfortable analysing data in Excel or SQL.",
      },
      {
        question: "Which tools will I install?",
        answer: "Python with Anaconda and VS Code. We help with setup in the first class.",
      },
      {
        question: "Does this lead to machine learning?",
        answer: "Yes. It is the recommended preparation for Machine Learning in Practice.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 16,
    weeksBetweenStarts: 6,
  },
  {
    slug: "machine-learning-in-practice",
    title: "Machine Learning in Practice",
    description:
      "Build models that solve Nigerian business problems: credit scoring for digital " +
      "lenders, churn prediction for telcos, fraud detection for payments and demand " +
      "forecasting for retail. Learn scikit-learn, model evaluation and deployment, and " +
      "finish with a model served behind an API.",
    category: "Data Science",
    icon: "Brain",
    accent: "#4338ca",
    duration: "14 weeks",
    level: "Advanced",
    difficulty: "Advanced",
    price: 550000,
    originalPrice: 650000,
    rating: 4.9,
    lessons: 42,
    certification: "Advanced Certificate in Machine Learning",
    language: "English",
    subtitles: ["English"],
    schedule: "Saturdays 10am–2pm and Wednesdays 7pm–9pm WAT",
    format: HYBRID,
    classSize: "5-10 students",
    location: "Victoria Island, Lagos",
    deliveryMethod: "Small-group live sessions, code reviews and a deployed capstone model",
    learningOutcomes: [
      "Frame business problems as machine learning tasks",
      "Engineer features and train regression, classification and ensemble models",
      "Evaluate models fairly and avoid leakage",
      "Explain predictions to regulators and business users",
      "Deploy a model as an API and monitor it",
    ],
    prerequisites: [
      "Solid Python and pandas skills",
      "Statistics fundamentals",
      "Our Python for Data Science course or equivalent experience",
    ],
    skills: [
      "scikit-learn",
      "Feature engineering",
      "Model evaluation",
      "XGBoost",
      "Model explainability",
      "FastAPI",
      "MLOps basics",
    ],
    modules: [
      {
        title: "ML Foundations",
        description: "How models learn and how to frame problems.",
        topics: ["Supervised vs unsupervised", "Bias and variance", "Train/test strategy"],
      },
      {
        title: "Credit Scoring & Classification",
        description: "Predicting default for a digital lender.",
        topics: [
          "Logistic regression",
          "Tree ensembles",
          "Imbalanced data",
          "Scorecards and explainability",
        ],
      },
      {
        title: "Fraud & Anomaly Detection",
        description: "Catching suspicious payments.",
        topics: ["Anomaly detection", "Precision vs recall trade-offs", "Real-time features"],
      },
      {
        title: "Forecasting",
        description: "Demand and cash-flow predictions.",
        topics: ["Time-series features", "Seasonality around festive periods", "Backtesting"],
      },
      {
        title: "Deployment & Monitoring",
        description: "From notebook to production.",
        topics: ["Packaging models", "Serving with FastAPI", "Monitoring drift"],
      },
    ],
    faqs: [
      {
        question: "Do I need a GPU?",
        answer:
          "No. The course focuses on tabular data, which trains quickly on a normal laptop. " +
          "We provide cloud notebooks for the heavier exercises.",
      },
      {
        question: "Is deep learning covered?",
        answer: "We introduce neural networks, but the focus is on models businesses use daily.",
      },
      {
        question: "How much time should I plan per week?",
        answer: "About 10 hours: 6 hours of class and 4 hours of project work.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 28,
    weeksBetweenStarts: 8,
  },
  {
    slug: "data-engineering-cloud",
    title: "Data Engineering on the Cloud",
    description:
      "Build the pipelines that analysts and data scientists depend on. Design data " +
      "warehouses, write reliable ELT with SQL and dbt, orchestrate with Airflow and move " +
      "data from operational systems such as Paystack transactions and app databases into " +
      "BigQuery, all with cost control in mind.",
    category: "Data Science",
    icon: "Workflow",
    accent: "#155e75",
    duration: "12 weeks",
    level: "Advanced",
    difficulty: "Advanced",
    price: 600000,
    originalPrice: 600000,
    rating: 4.6,
    lessons: 36,
    certification: "Advanced Certificate in Data Engineering",
    language: "English",
    subtitles: ["English"],
    schedule: "Tuesdays & Thursdays 6:30pm–9pm WAT",
    format: ONLINE,
    classSize: "8-12 students",
    location: "Lagos, Nigeria",
    deliveryMethod: "Live online labs on a shared cloud project",
    learningOutcomes: [
      "Model data warehouses with star schemas",
      "Build tested ELT pipelines with dbt",
      "Orchestrate workflows with Apache Airflow",
      "Ingest data from APIs such as Paystack webhooks",
      "Monitor data quality and cloud costs",
    ],
    prerequisites: ["Strong SQL", "Working knowledge of Python", "Familiarity with the terminal"],
    skills: ["Data modelling", "dbt", "Apache Airflow", "BigQuery", "Python", "Docker"],
    modules: [
      {
        title: "Warehousing & Modelling",
        description: "Design for questions that will be asked.",
        topics: ["Star schemas", "Slowly changing dimensions", "Partitioning"],
      },
      {
        title: "ELT with dbt",
        description: "Transformations as tested code.",
        topics: ["Models and sources", "Tests and documentation", "Incremental models"],
      },
      {
        title: "Ingestion & Orchestration",
        description: "Reliable pipelines that recover from failure.",
        topics: ["API ingestion", "Airflow DAGs", "Retries and alerting"],
      },
      {
        title: "Quality & Cost",
        description: "Trustworthy data at a sensible price.",
        topics: ["Data contracts", "Quality monitoring", "Cloud cost control in dollars"],
      },
    ],
    faqs: [
      {
        question: "Will I pay for cloud resources?",
        answer: "No. The academy provides a shared cloud project for all labs.",
      },
      {
        question: "Is this a data science course?",
        answer:
          "It is the engineering side of data: building the pipelines and warehouses that data " +
          "scientists and analysts rely on.",
      },
      {
        question: "What job titles does it prepare me for?",
        answer: "Data engineer, analytics engineer and BI engineer.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 68,
    weeksBetweenStarts: 7,
  },
  {
    slug: "fintech-banking-analytics",
    title: "Fintech & Banking Analytics",
    description:
      "Analytics for the industry that employs the most data professionals in Lagos. Learn " +
      "the metrics behind loans, wallets and payments, build cohort and funnel analyses, " +
      "detect risky behaviour and report to management and regulators with confidence.",
    category: "Data Science",
    icon: "ChartLine",
    accent: "#047857",
    duration: "8 weeks",
    level: "Intermediate",
    difficulty: "Intermediate",
    price: 280000,
    originalPrice: 320000,
    rating: 4.5,
    lessons: 28,
    certification: "Certificate in Fintech Analytics",
    language: "English",
    subtitles: ["English"],
    schedule: "Saturdays 10am–2pm",
    format: IN_PERSON,
    classSize: "10-15 students",
    location: "Victoria Island, Lagos",
    deliveryMethod: "In-person workshops using anonymised fintech datasets",
    learningOutcomes: [
      "Define and compute key fintech metrics: active users, TPV, take rate, NPL ratio",
      "Run cohort, retention and funnel analyses",
      "Monitor transaction success rates by bank and channel",
      "Build management and regulatory reports",
    ],
    prerequisites: ["Intermediate SQL", "Experience with Excel or Power BI"],
    skills: [
      "Fintech metrics",
      "Cohort analysis",
      "Funnel analysis",
      "Risk analytics",
      "Reporting",
    ],
    modules: [
      {
        title: "Fintech Metrics",
        description: "The numbers that matter to a Lagos fintech.",
        topics: ["TPV and take rate", "Active users and retention", "Unit economics of lending"],
      },
      {
        title: "Payments Analytics",
        description: "Why transactions succeed or fail.",
        topics: ["Success rates by bank and channel", "Settlement and reconciliation", "Fees"],
      },
      {
        title: "Credit & Risk",
        description: "Measure and manage lending risk.",
        topics: ["Vintage analysis", "NPL ratios", "Early warning signals"],
      },
      {
        title: "Reporting",
        description: "Clear reports for management and regulators.",
        topics: ["KPI dashboards", "Board packs", "Regulatory returns basics"],
      },
    ],
    faqs: [
      {
        question: "Do I need to work at a bank?",
        answer: "No. The course suits anyone who wants to move into fintech or banking analytics.",
      },
      {
        question: "Is the data real?",
        answer:
          "The datasets are anonymised and modified copies of real fintech data, shared with " +
          "permission.",
      },
      {
        question: "Can my employer sponsor me?",
        answer: "Yes. We issue invoices to companies and can run private cohorts for teams.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 20,
    weeksBetweenStarts: 6,
  },

  // -------------------------------------------------------------------------------------------
  // Programming
  // -------------------------------------------------------------------------------------------
  {
    slug: "frontend-web-development",
    title: "Frontend Web Development",
    description:
      "Start a career in tech by building websites and web apps. Learn HTML, CSS, modern " +
      "JavaScript and React, make pages that load fast on Nigerian mobile networks, and " +
      "deploy real projects, including a restaurant ordering site and a personal portfolio, " +
      "that you can show to employers.",
    category: "Programming",
    icon: "Globe",
    accent: "#2563eb",
    duration: "16 weeks",
    level: "Beginner",
    difficulty: "Beginner",
    price: 300000,
    originalPrice: 350000,
    rating: 4.8,
    lessons: 64,
    certification: "Certificate in Frontend Web Development",
    language: "English",
    subtitles: ["English"],
    schedule: "Weekdays 6pm–9pm WAT (Mon–Thu)",
    format: HYBRID,
    classSize: "15-20 students",
    location: "Lagos, Nigeria",
    deliveryMethod: "Live coding classes, pair programming and weekly project reviews",
    learningOutcomes: [
      "Build responsive, accessible pages with semantic HTML and modern CSS",
      "Write modern JavaScript and work with APIs",
      "Build single-page applications with React",
      "Use Git and GitHub like a professional team",
      "Deploy fast websites that work well on low-end phones",
    ],
    prerequisites: [
      "A laptop with at least 4 GB RAM",
      "Comfort using a computer and the internet",
      "No coding experience needed",
    ],
    skills: [
      "HTML",
      "CSS",
      "JavaScript",
      "React",
      "Git & GitHub",
      "Responsive design",
      "Web performance",
      "Accessibility",
    ],
    modules: [
      {
        title: "HTML & CSS",
        description: "The building blocks of the web.",
        topics: ["Semantic HTML", "Flexbox and Grid", "Responsive design", "Accessibility"],
      },
      {
        title: "JavaScript Fundamentals",
        description: "Make pages interactive.",
        topics: ["Variables, functions and arrays", "The DOM", "Events", "Fetch and JSON"],
      },
      {
        title: "Git & Collaboration",
        description: "Work like a real team.",
        topics: ["Commits and branches", "Pull requests", "Code review"],
      },
      {
        title: "React",
        description: "Modern user interfaces with components.",
        topics: ["Components and props", "State and effects", "Routing", "Forms"],
      },
      {
        title: "Performance & Deployment",
        description: "Ship it and make it fast.",
        topics: ["Image optimisation", "Testing on slow networks", "Deploying to the web"],
      },
      {
        title: "Capstone Project",
        description: "A complete app built and presented by you.",
        topics: ["Planning features", "Building and testing", "Demo day"],
      },
    ],
    faqs: [
      {
        question: "Am I too old to learn to code?",
        answer:
          "No. Our students range from 17 to 55. Consistent practice matters far more than age.",
      },
      {
        question: "How many hours a week should I plan?",
        answer: "12 hours of class plus about 6 hours of practice.",
      },
      {
        question: "What about power cuts?",
        answer:
          "Our campus has backup power and internet. Online students can watch recordings of " +
          "any session they miss.",
      },
      {
        question: "Can I pay in instalments?",
        answer: "Yes, in up to three monthly instalments.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 11,
    weeksBetweenStarts: 6,
  },
  {
    slug: "full-stack-javascript-nodejs",
    title: "Full-Stack JavaScript with Node.js",
    description:
      "Build complete web products end to end. Design REST APIs with Node.js and Express, " +
      "model data in PostgreSQL, add authentication, integrate Paystack for payments and " +
      "subscriptions, send emails and SMS, and deploy a production-ready marketplace app " +
      "to the cloud.",
    category: "Programming",
    icon: "Code",
    accent: "#15803d",
    duration: "16 weeks",
    level: "Intermediate",
    difficulty: "Intermediate",
    price: 450000,
    originalPrice: 550000,
    rating: 4.9,
    lessons: 56,
    certification: "Certificate in Full-Stack Web Development",
    language: "English",
    subtitles: ["English"],
    schedule: "Weekdays 6pm–9pm WAT (Tue, Thu) and Saturdays 10am–2pm",
    format: HYBRID,
    classSize: "10-15 students",
    location: "Victoria Island, Lagos",
    deliveryMethod: "Live classes, pair programming and code reviews by senior engineers",
    learningOutcomes: [
      "Design and build REST APIs with Node.js, Express and TypeScript",
      "Model relational data in PostgreSQL and write safe queries",
      "Implement secure authentication and authorisation",
      "Integrate Paystack payments, webhooks and subscriptions",
      "Write automated tests and deploy with CI/CD",
      "Ship a full-stack marketplace as your capstone",
    ],
    prerequisites: [
      "Solid JavaScript and basic React",
      "Our Frontend Web Development course or equivalent experience",
      "Familiarity with Git",
    ],
    skills: [
      "Node.js",
      "Express",
      "TypeScript",
      "PostgreSQL",
      "REST APIs",
      "Paystack API",
      "Testing",
      "Docker",
    ],
    modules: [
      {
        title: "Node.js & TypeScript",
        description: "Server-side JavaScript with types.",
        topics: ["The event loop", "Modules and npm", "TypeScript essentials"],
      },
      {
        title: "APIs with Express",
        description: "Design APIs other developers enjoy.",
        topics: ["Routing and middleware", "Validation", "Error handling", "API documentation"],
      },
      {
        title: "Databases",
        description: "Data that stays correct.",
        topics: ["PostgreSQL and SQL", "Migrations", "Transactions", "Indexes"],
      },
      {
        title: "Payments with Paystack",
        description: "Take money safely in Naira.",
        topics: [
          "Initialising and verifying transactions",
          "Webhooks and idempotency",
          "Subscriptions and split payments",
          "Handling failed and reversed payments",
        ],
      },
      {
        title: "Testing & Deployment",
        description: "Confidence to ship.",
        topics: ["Unit and integration tests", "Docker", "CI/CD pipelines", "Monitoring"],
      },
    ],
    faqs: [
      {
        question: "Will I use real Paystack accounts?",
        answer:
          "You will use Paystack test mode, which behaves like live mode without moving real " +
          "money. We also show how to go live safely.",
      },
      {
        question: "Is TypeScript required before the course?",
        answer: "No. We introduce TypeScript in the first module.",
      },
      {
        question: "What kind of jobs does this prepare me for?",
        answer:
          "Backend and full-stack developer roles at startups, agencies and fintechs, as well " +
          "as remote roles with international companies.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 17,
    weeksBetweenStarts: 8,
  },
  {
    slug: "mobile-app-development-flutter",
    title: "Mobile App Development with Flutter",
    description:
      "Build Android and iOS apps from one codebase. Learn Dart and Flutter, state " +
      "management, offline-first storage for patchy networks, push notifications and " +
      "Paystack payments, then publish your app on the Google Play Store.",
    category: "Programming",
    icon: "Smartphone",
    accent: "#0284c7",
    duration: "14 weeks",
    level: "Intermediate",
    difficulty: "Intermediate",
    price: 420000,
    originalPrice: 480000,
    rating: 4.7,
    lessons: 48,
    certification: "Certificate in Mobile App Development",
    language: "English",
    subtitles: ["English"],
    schedule: "Weekdays 6pm–9pm WAT (Mon, Wed)",
    format: HYBRID,
    classSize: "10-15 students",
    location: "Lagos, Nigeria",
    deliveryMethod: "Live classes with device labs for testing on real Android phones",
    learningOutcomes: [
      "Write clean Dart and build Flutter user interfaces",
      "Manage app state with Riverpod",
      "Store data offline and sync when the network returns",
      "Integrate REST APIs, push notifications and Paystack payments",
      "Publish an app on the Google Play Store",
    ],
    prerequisites: [
      "Programming experience in any language",
      "A laptop with at least 8 GB RAM",
      "An Android phone for testing (recommended)",
    ],
    skills: ["Dart", "Flutter", "Riverpod", "Firebase", "REST APIs", "Play Store publishing"],
    modules: [
      {
        title: "Dart & Flutter Basics",
        description: "Widgets, layouts and navigation.",
        topics: ["Dart language tour", "Widgets and layouts", "Navigation"],
      },
      {
        title: "State & Data",
        description: "Apps that remember and stay in sync.",
        topics: ["Riverpod", "Local storage", "Offline-first sync"],
      },
      {
        title: "APIs, Payments & Notifications",
        description: "Connect your app to the world.",
        topics: ["REST APIs", "Paystack mobile SDK", "Push notifications with Firebase"],
      },
      {
        title: "Shipping to the Play Store",
        description: "From debug build to real users.",
        topics: ["App size and performance", "Testing on low-end devices", "Store listing"],
      },
    ],
    faqs: [
      {
        question: "Can I build iPhone apps too?",
        answer:
          "Yes. Flutter builds for both, though publishing to the App Store requires a Mac. " +
          "We cover the process and you can use our lab Mac.",
      },
      {
        question: "Why Flutter and not React Native?",
        answer:
          "Both are great. Flutter is widely used by Nigerian fintechs and performs well on " +
          "budget Android phones, which most of your users will have.",
      },
      {
        question: "Do I need prior mobile experience?",
        answer: "No, but you should already be comfortable programming in some language.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 24,
    weeksBetweenStarts: 7,
  },
  {
    slug: "backend-engineering-python-django",
    title: "Backend Engineering with Python & Django",
    description:
      "Learn to build the secure, scalable backends behind Nigerian startups. Master " +
      "Python, Django and Django REST Framework, PostgreSQL, background jobs and caching, " +
      "and build a logistics API with real-time delivery tracking as your capstone.",
    category: "Programming",
    icon: "Server",
    accent: "#166534",
    duration: "14 weeks",
    level: "Beginner",
    difficulty: "Beginner",
    price: 350000,
    originalPrice: 350000,
    rating: 4.5,
    lessons: 52,
    certification: "Certificate in Backend Engineering",
    language: "English",
    subtitles: ["English", "French"],
    schedule: "Weekdays 6pm–9pm WAT (Tue, Thu)",
    format: ONLINE,
    classSize: "12-18 students",
    location: "Lagos, Nigeria",
    deliveryMethod: "Live online classes with recorded sessions and weekly mentor office hours",
    learningOutcomes: [
      "Program confidently in Python",
      "Build web applications and APIs with Django and Django REST Framework",
      "Design PostgreSQL databases and use the Django ORM well",
      "Run background jobs with Celery and cache with Redis",
      "Secure APIs against common attacks",
    ],
    prerequisites: [
      "A laptop with at least 8 GB RAM",
      "Basic computer literacy; no programming experience required",
    ],
    skills: ["Python", "Django", "Django REST Framework", "PostgreSQL", "Celery", "Redis"],
    modules: [
      {
        title: "Python Programming",
        description: "A strong foundation in Python.",
        topics: ["Data types and control flow", "Functions and modules", "Object orientation"],
      },
      {
        title: "Django Fundamentals",
        description: "Models, views and templates.",
        topics: ["Project structure", "The ORM", "Admin site", "Authentication"],
      },
      {
        title: "APIs with Django REST Framework",
        description: "Serve mobile and web clients.",
        topics: ["Serializers", "Viewsets and routers", "Permissions", "Pagination"],
      },
      {
        title: "Scaling & Security",
        description: "Backends that survive growth.",
        topics: ["Background jobs", "Caching", "OWASP Top 10", "Deployment"],
      },
    ],
    faqs: [
      {
        question: "Is this course really for beginners?",
        answer: "Yes. The first four weeks teach Python from scratch before we move on to Django.",
      },
      {
        question: "Are there French subtitles?",
        answer: "Yes, all recordings have English and French subtitles.",
      },
      {
        question: "Can I study while working full-time?",
        answer: "Yes. Classes are in the evening and every session is recorded.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 15,
    weeksBetweenStarts: 6,
  },
  {
    slug: "cloud-devops-engineering",
    title: "Cloud & DevOps Engineering",
    description:
      "Run software reliably at scale. Learn Linux, networking, Docker, Kubernetes, " +
      "Terraform and CI/CD on AWS, design for high availability across regions, and keep " +
      "cloud bills in check when every dollar costs more Naira. Prepares you for the AWS " +
      "Solutions Architect Associate exam.",
    category: "Programming",
    icon: "Cloud",
    accent: "#1e40af",
    duration: "16 weeks",
    level: "Advanced",
    difficulty: "Advanced",
    price: 650000,
    originalPrice: 750000,
    rating: 4.8,
    lessons: 60,
    certification: "Advanced Certificate in Cloud & DevOps Engineering",
    language: "English",
    subtitles: ["English"],
    schedule: "Saturdays 10am–3pm and Wednesdays 7pm–9pm WAT",
    format: HYBRID,
    classSize: "8-12 students",
    location: "Victoria Island, Lagos",
    deliveryMethod: "Hands-on labs in real AWS accounts provided by the academy",
    learningOutcomes: [
      "Administer Linux servers and troubleshoot networks",
      "Containerise applications with Docker and orchestrate them with Kubernetes",
      "Provision infrastructure as code with Terraform",
      "Build CI/CD pipelines with GitHub Actions",
      "Design observable, highly available and cost-efficient systems on AWS",
    ],
    prerequisites: [
      "Experience building or supporting web applications",
      "Comfort with the command line",
      "Basic networking knowledge",
    ],
    skills: [
      "Linux",
      "AWS",
      "Docker",
      "Kubernetes",
      "Terraform",
      "GitHub Actions",
      "Observability",
    ],
    modules: [
      {
        title: "Linux & Networking",
        description: "The ground everything runs on.",
        topics: ["Shell and processes", "Users and permissions", "DNS, TCP and HTTP"],
      },
      {
        title: "Containers",
        description: "Package once, run anywhere.",
        topics: ["Dockerfiles", "Images and registries", "Docker Compose"],
      },
      {
        title: "AWS & Infrastructure as Code",
        description: "Cloud resources you can review and repeat.",
        topics: ["VPCs, EC2 and RDS", "IAM", "Terraform modules", "Cost management"],
      },
      {
        title: "Kubernetes",
        description: "Orchestration for real workloads.",
        topics: ["Pods and deployments", "Services and ingress", "Helm", "Autoscaling"],
      },
      {
        title: "CI/CD & Observability",
        description: "Ship often, sleep well.",
        topics: ["GitHub Actions", "Blue-green deployments", "Metrics, logs and alerts"],
      },
    ],
    faqs: [
      {
        question: "Do I pay for AWS usage?",
        answer: "No. Lab accounts are provided and paid for by the academy.",
      },
      {
        question: "Is the AWS exam fee included?",
        answer:
          "The exam voucher is not included, but we run two mock exams and a dedicated revision " +
          "week.",
      },
      {
        question: "I am a system administrator. Is this for me?",
        answer: "Yes. Many students are sysadmins and network engineers moving into DevOps.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 32,
    weeksBetweenStarts: 8,
  },
  {
    slug: "cybersecurity-fundamentals",
    title: "Cybersecurity Fundamentals",
    description:
      "Protect people and businesses from the scams and attacks Nigerians face daily, from " +
      "SIM-swap fraud to phishing and ransomware. Learn networking, threat analysis, " +
      "security tools and incident response in hands-on labs, and prepare for the CompTIA " +
      "Security+ certification.",
    category: "Programming",
    icon: "Shield",
    accent: "#334155",
    duration: "12 weeks",
    level: "Beginner",
    difficulty: "Beginner",
    price: 320000,
    originalPrice: 380000,
    rating: 4.6,
    lessons: 44,
    certification: "Certificate in Cybersecurity (Security+ preparation)",
    language: "English",
    subtitles: ["English"],
    schedule: "Weekdays 6pm–9pm WAT (Mon, Wed, Fri)",
    format: IN_PERSON,
    classSize: "12-16 students",
    location: "Victoria Island, Lagos",
    deliveryMethod: "In-person labs in our isolated cyber range",
    learningOutcomes: [
      "Explain core security concepts, threats and controls",
      "Analyse network traffic with Wireshark",
      "Find and report vulnerabilities with Nmap and Burp Suite",
      "Respond to incidents following a playbook",
      "Sit the CompTIA Security+ exam with confidence",
    ],
    prerequisites: ["Comfort using computers", "Curiosity about how systems break"],
    skills: [
      "Network security",
      "Wireshark",
      "Nmap",
      "Burp Suite",
      "Incident response",
      "Security awareness",
    ],
    modules: [
      {
        title: "Security Foundations",
        description: "The language of security.",
        topics: ["The CIA triad", "Threats and threat actors", "Nigerian fraud patterns"],
      },
      {
        title: "Networks & Traffic Analysis",
        description: "See what is really happening on a network.",
        topics: ["TCP/IP", "Wireshark", "Firewalls"],
      },
      {
        title: "Offensive Basics",
        description: "Think like an attacker, ethically.",
        topics: ["Reconnaissance", "Web vulnerabilities", "Responsible disclosure"],
      },
      {
        title: "Defence & Incident Response",
        description: "Detect, contain and recover.",
        topics: ["Logging and SIEM", "Incident playbooks", "Security+ exam preparation"],
      },
    ],
    faqs: [
      {
        question: "Do I need a programming background?",
        answer: "No. We teach the scripting you need during the course.",
      },
      {
        question: "Is hacking legal?",
        answer:
          "Only with permission. All labs take place in our isolated range, and ethics and " +
          "Nigeria's Cybercrimes Act are covered in week one.",
      },
      {
        question: "Does the fee include the Security+ exam?",
        answer: "No, but graduates receive a discount voucher through our training partner.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 19,
    weeksBetweenStarts: 6,
  },
  {
    slug: "programming-foundations-python",
    title: "Programming Foundations for Beginners",
    description:
      "Never written code before? Start here. In six friendly weeks you will learn how " +
      "computers think, write your first Python programs, automate boring tasks like renaming " +
      "files and totting up sales, and discover which tech career path suits you.",
    category: "Programming",
    icon: "Terminal",
    accent: "#0f172a",
    duration: "6 weeks",
    level: "Beginner",
    difficulty: "Beginner",
    price: 150000,
    originalPrice: 150000,
    rating: 4.4,
    lessons: 18,
    certification: "Certificate of Completion",
    language: "English",
    subtitles: ["English"],
    schedule: "Saturdays 10am–1pm",
    format: HYBRID,
    classSize: "20-25 students",
    location: "Lagos, Nigeria",
    deliveryMethod: "Saturday classes on campus and online, with a friendly community on Slack",
    learningOutcomes: [
      "Understand how programs work",
      "Write simple Python programs with variables, conditions and loops",
      "Automate everyday file and spreadsheet tasks",
      "Choose a tech career path with confidence",
    ],
    prerequisites: ["A laptop", "Nothing else"],
    skills: ["Python basics", "Problem solving", "Automation", "Computational thinking"],
    modules: [
      {
        title: "How Computers Think",
        description: "Algorithms in everyday life.",
        topics: ["Inputs and outputs", "Breaking problems down", "Your first program"],
      },
      {
        title: "Python Basics",
        description: "Variables, decisions and repetition.",
        topics: ["Variables", "If statements", "Loops"],
      },
      {
        title: "Automating Everyday Tasks",
        description: "Make the computer do the boring work.",
        topics: ["Working with files", "Reading spreadsheets", "A small automation project"],
      },
    ],
    faqs: [
      {
        question: "Is this course enough to get a job?",
        answer:
          "It is a first step. It prepares you for our longer career courses in web, data or " +
          "backend development.",
      },
      {
        question: "Can teenagers join?",
        answer: "Yes, from age 15 with a parent's consent.",
      },
      {
        question: "Do I get a discount on a follow-up course?",
        answer: "Yes. Graduates get ₦25,000 off any career course started within three months.",
      },
    ],
    isActive: true,
    hasBrochure: true,
    firstStartInDays: 8,
    weeksBetweenStarts: 3,
  },
];
