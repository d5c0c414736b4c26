import Clock from "lucide-react/icons/clock";
import Globe2 from "lucide-react/icons/earth";
import Sparkles from "lucide-react/icons/sparkles";
import { href, Link } from "react-router";
import { siteConfig } from "~/lib/site/site-config";
import { ButtonLink, buttonClasses } from "~/ui/button";
import { IconCard } from "./icon-card";
import { TintedSection } from "./tinted-section";
import { TypedHeadline } from "./typed-headline";

const HERO_HEADLINE = "Build the tech skills Lagos is hiring for";

const avatars = [
  { initials: "AO", colour: "bg-amber-300" },
  { initials: "TB", colour: "bg-sky-300" },
  { initials: "CN", colour: "bg-rose-300" },
  { initials: "FI", colour: "bg-violet-300" },
].slice(0, 4);

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 h-72 w-72 rounded-full bg-brand-600/30 blur-3xl"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:py-28">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/20">
          <Sparkles aria-hidden="true" className="h-4 w-4 text-accent-300" />
          Practical tech training in Lagos and online
        </p>
        <TypedHeadline
          text={HERO_HEADLINE}
          className="mt-6 max-w-3xl text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl lg:text-6xl"
        />
        <p className="mt-6 max-w-2xl text-lg text-brand-100">
          Small classes, instructors who work in the industry, and projects you can show an
          employer. Learn design, marketing, data science or programming at a pace that fits your
          life.
        </p>
        <div className="mt-8 flex flex-wrap items-center gap-6">
          <ButtonLink to={href("/courses")} variant="secondary" size="lg">
            Join Us Now
          </ButtonLink>
          <div className="flex items-center gap-3">
            <ul className="flex -space-x-2" aria-label="Some of our students">
              {avatars.map((avatar) => (
                <li
                  key={avatar.initials}
                  className={`flex h-10 w-10 items-center justify-center rounded-full text-xs font-bold text-slate-900 ring-2 ring-brand-900 ${avatar.colour}`}
                >
                  <span aria-hidden="true">{avatar.initials}</span>
                  <span className="sr-only">Student {avatar.initials}</span>
                </li>
              ))}
              <li className="flex h-10 w-10 items-center justify-center rounded-full bg-white text-xs font-bold text-brand-900 ring-2 ring-brand-900">
                +99
              </li>
            </ul>
            <p className="text-sm font-medium text-brand-50">{siteConfig.claims.studentsJoined}</p>
          </div>
        </div>
      </div>
    </section>
  );
}

export function AboutBlock() {
  return (
    <section aria-labelledby="about-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">About Us</p>
          <h2 id="about-heading" className="mt-2 text-3xl font-extrabold text-slate-900">
            Learning that fits around your life
          </h2>
          <p className="mt-4 text-slate-700">
            Since {siteConfig.claims.foundedYear} we have helped Nigerians move into tech careers
            with hands-on courses taught by people who do the work every day.
          </p>
          <Link to={href("/about")} className={buttonClasses("outline", "md", "mt-6")}>
            More About Us
          </Link>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          <IconCard
            icon={Clock}
            title="Flexibility"
            className="rounded-xl bg-brand-50 p-6"
            iconClassName="text-brand-700"
          >
            Evening, weekend and online classes, so you can learn without leaving your job.
          </IconCard>
          <IconCard
            icon={Globe2}
            title="Accessibility"
            className="rounded-xl bg-amber-50 p-6"
            iconClassName="text-amber-700"
          >
            Join in person on Victoria Island or from anywhere in Nigeria, on any device.
          </IconCard>
        </ul>
      </div>
    </section>
  );
}

const reasons = [
  {
    title: "Flexible time and place",
    text: "Pick weekday evenings, weekends or fully online classes.",
  },
  { title: "Accessible to everyone", text: "Beginner-friendly tracks with no degree required." },
  {
    title: "Affordable",
    text: "Fair prices in Naira, with instalment plans and early-bird discounts.",
  },
  {
    title: "Personalised pace",
    text: "Small classes, so instructors know your goals and your gaps.",
  },
  { title: "Dedicated 24/7 support", text: "Mentors and a help desk whenever you get stuck." },
  { title: "Learning community", text: "Study groups, alumni meet-ups and hiring-partner events." },
];

export function WhyChooseUs() {
  return (
    <TintedSection id="why" title="Why Choose Us">
      <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {reasons.map((reason, index) => (
          <li
            key={reason.title}
            className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <span aria-hidden="true" className="text-3xl font-extrabold text-brand-700">
              {String(index + 1).padStart(2, "0")}
            </span>
            <h3 className="mt-2 text-lg font-bold">{reason.title}</h3>
            <p className="mt-1 text-sm text-slate-700">{reason.text}</p>
          </li>
        ))}
      </ol>
    </TintedSection>
  );
}

export function AdvisorBanner() {
  return (
    <section aria-labelledby="advisor-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <div className="flex flex-col items-start justify-between gap-6 rounded-2xl bg-brand-800 p-8 text-white sm:flex-row sm:items-center">
        <div>
          <h2 id="advisor-heading" className="text-2xl font-extrabold">
            Not sure which course is right for you?
          </h2>
          <p className="mt-2 text-brand-100">
            Talk to an advisor about your goals, budget and schedule.
          </p>
        </div>
        <ButtonLink to={href("/contact")} variant="light" size="lg">
          Contact an advisor
        </ButtonLink>
      </div>
    </section>
  );
}
