import CheckCircle2 from "lucide-react/icons/circle-check";
import Heart from "lucide-react/icons/heart";
import Target from "lucide-react/icons/target";
import Trophy from "lucide-react/icons/trophy";
import Users from "lucide-react/icons/users";
import { href } from "react-router";
import { IconCard } from "~/features/site/icon-card";
import type { SiteHandle } from "~/features/site/site-handle";
import { TintedSection } from "~/features/site/tinted-section";
import { TutorCards } from "~/features/tutors/tutor-cards";
import { listActiveTutors } from "~/features/tutors/tutors.server";
import { readOrNull } from "~/lib/http/unavailable.server";
import { publicUrlFrom, seo } from "~/lib/site/seo";
import { siteConfig } from "~/lib/site/site-config";
import { ButtonLink } from "~/ui/button";
import { LabelledSection } from "~/ui/labelled-section";
import type { Route } from "./+types/about";

export const handle: SiteHandle = { tintedHeader: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "About Us",
    description: `${siteConfig.name} has taught practical tech skills in Lagos since ${siteConfig.claims.foundedYear}. Meet the academy, our values and why students choose us.`,
    url: `${publicUrlFrom(matches)}/about`,
  });

/** The page stands without its tutors: when they cannot be read, their section is left out. */
export async function loader() {
  return { tutors: (await readOrNull("Loading the tutors", listActiveTutors)) ?? [] };
}

const values = [
  {
    icon: Heart,
    title: "Passion for Learning",
    text: "We love teaching, and it shows in every class and every code review.",
  },
  {
    icon: Target,
    title: "Goal-Oriented",
    text: "Every course ends with a portfolio project aimed at a real job.",
  },
  {
    icon: Users,
    title: "Community Focused",
    text: "Students, alumni and mentors who help each other long after class.",
  },
  {
    icon: Trophy,
    title: "Excellence Driven",
    text: "We update our courses each term to match what employers ask for.",
  },
];

const reasons = [
  "Instructors who work in Lagos tech companies",
  "Small classes with personal feedback",
  "Projects built on Nigerian use cases",
  "Weekday evening, weekend and online options",
  "Fair prices in Naira, with instalment plans",
  "Career support and hiring-partner introductions",
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { tutors } = loaderData;
  return (
    <>
      <section className="bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
          <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">About Us</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-extrabold text-slate-900 sm:text-5xl">
            We help Nigerians build careers in tech
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700">
            {siteConfig.name} is a Lagos academy for practical, job-focused training in design,
            marketing, data science and programming.
          </p>
        </div>
      </section>
      <LabelledSection
        id="story-heading"
        title="Our Story"
        className="mx-auto max-w-3xl px-4 py-16 sm:px-6"
        headingClassName="text-3xl font-extrabold text-slate-900"
      >
        <div className="mt-5 grid gap-4 text-lg text-slate-700">
          <p>
            We started in {siteConfig.claims.foundedYear} with one classroom on Victoria Island and
            a simple idea: digital education should be practical, affordable and taught by people
            who do the work.
          </p>
          <p>
            Since then our students have gone on to design for fintechs, run campaigns for Lagos
            brands, analyse data for banks and ship software used across Africa, learning in person
            and online.
          </p>
        </div>
      </LabelledSection>
      <TintedSection id="values" title="Our Values">
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <IconCard
              key={value.title}
              icon={value.icon}
              title={value.title}
              className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              iconClassName="text-brand-700"
            >
              {value.text}
            </IconCard>
          ))}
        </ul>
      </TintedSection>
      <LabelledSection
        id="why-heading"
        title="Why students choose us"
        className="mx-auto max-w-7xl px-4 py-16 sm:px-6"
        headingClassName="text-3xl font-extrabold text-slate-900"
      >
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {reasons.map((reason) => (
            <li key={reason} className="flex gap-3 text-slate-800">
              <CheckCircle2 aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
              {reason}
            </li>
          ))}
        </ul>
      </LabelledSection>
      {tutors.length > 0 ? (
        <TintedSection id="tutors" title="Meet our tutors">
          <p className="mt-3 max-w-2xl text-lg text-slate-700">
            The people who teach our classes, and do the work they teach.
          </p>
          <div className="mt-8">
            <TutorCards tutors={tutors} />
          </div>
        </TintedSection>
      ) : null}
      <section aria-labelledby="journey-heading" className="bg-brand-800 text-white">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
          <h2 id="journey-heading" className="text-3xl font-extrabold">
            Start Your Journey Today
          </h2>
          <p className="mt-3 text-brand-100">
            Find the course that takes you where you want to go.
          </p>
          <ButtonLink to={href("/courses")} variant="secondary" size="lg" className="mt-8">
            Explore Courses
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
