import Clock from "lucide-react/icons/clock";
import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import { href } from "react-router";
import { formMessages } from "~/features/messages/form-options";
import { ContactForm } from "~/features/messages/intake/contact-form";
import { handleContactForm } from "~/features/messages/intake/submit.server";
import { submitPublicForm } from "~/lib/forms/submit-public-form";
import { passRetryAfter } from "~/lib/http/retry-after";
import { publicUrlFrom, seo } from "~/lib/site/seo";
import { siteConfig } from "~/lib/site/site-config";
import { ButtonLink } from "~/ui/button";
import { EmailAddress } from "~/ui/email-address";
import { LabelledSection } from "~/ui/labelled-section";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Contact Us",
    description: `Call, e-mail or visit ${siteConfig.name} on Victoria Island, Lagos, or send us a message. We answer within 24 hours.`,
    url: `${publicUrlFrom(matches)}/contact`,
  });

export const headers = passRetryAfter;

export const action = ({ request }: Route.ActionArgs) => handleContactForm(request);

export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  submitPublicForm(request, serverAction, formMessages.contactFailure);

const stats = [
  { value: siteConfig.claims.studentsTrained, label: "Students trained" },
  { value: siteConfig.claims.courses, label: "Courses" },
  { value: siteConfig.claims.jobPlacement, label: "Job placement" },
  { value: siteConfig.claims.yearsOfExperience, label: "Years of experience" },
];

function InfoCard({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Mail;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <div className="text-sm text-slate-700">
        <h2 className="text-base font-bold text-slate-900">{title}</h2>
        <div className="mt-1 grid gap-0.5">{children}</div>
      </div>
    </div>
  );
}

export default function Contact() {
  return (
    <>
      <section className="bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">Contact Us</p>
          <h1 className="mt-2 text-4xl font-extrabold text-slate-900">Get in touch</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">
            Questions about a course, fees or schedules? Send us a message and we will get back to
            you within {siteConfig.claims.responseTime}.
          </p>
          <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {stats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col rounded-xl bg-white p-4 text-center shadow-sm"
              >
                <dt className="text-sm text-slate-700">{stat.label}</dt>
                <dd className="order-first text-2xl font-extrabold text-brand-800">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_24rem]">
        <LabelledSection
          id="form-heading"
          title="Send us a message"
          headingClassName="mb-6 text-2xl font-extrabold text-slate-900"
        >
          <ContactForm />
        </LabelledSection>
        <div className="grid gap-4 self-start">
          <InfoCard icon={MapPin} title="Visit us">
            <address className="not-italic">
              {siteConfig.address.street}
              <br />
              {siteConfig.address.area}, {siteConfig.address.city}
              <br />
              {siteConfig.address.country}
            </address>
          </InfoCard>
          <InfoCard icon={Phone} title="Call us">
            {siteConfig.phones.map((phone) => (
              <a
                key={phone}
                href={`tel:${phone.replace(/\s/g, "")}`}
                className="hover:text-brand-800 hover:underline"
              >
                {phone}
              </a>
            ))}
          </InfoCard>
          <InfoCard icon={Mail} title="Email us">
            {siteConfig.emails.map((email) => (
              <a
                key={email}
                href={`mailto:${email}`}
                className="hover:text-brand-800 hover:underline"
              >
                <EmailAddress address={email} />
              </a>
            ))}
          </InfoCard>
          <InfoCard icon={Clock} title="Office hours">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3">
              {siteConfig.officeHours.map((entry) => (
                <div key={entry.days} className="contents">
                  <dt>{entry.days}</dt>
                  <dd className="text-right font-medium text-slate-900">{entry.hours}</dd>
                </div>
              ))}
            </dl>
          </InfoCard>
          <ButtonLink to={href("/courses")} variant="outline" size="lg">
            Browse Our Courses
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
