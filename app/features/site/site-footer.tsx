import GraduationCap from "lucide-react/icons/graduation-cap";
import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import { href, Link } from "react-router";
import { fullAddress, siteConfig } from "~/lib/site/site-config";
import { EmailAddress } from "~/ui/email-address";
import { ChatOnWhatsapp } from "./whatsapp-button";

const serviceLinks = [
  { to: href("/courses"), label: "All Courses" },
  { to: "/courses?category=Design", label: "Design" },
  { to: "/courses?category=Marketing", label: "Marketing" },
  { to: "/courses?category=Data+Science", label: "Data Science" },
  { to: "/courses?category=Programming", label: "Programming" },
];

const supportLinks = [
  { to: href("/about"), label: "About Us" },
  { to: href("/contact"), label: "Contact Us" },
  { to: "/#inquiry", label: "Ask a Question" },
  { to: href("/application"), label: "Find my application" },
  { to: "/sitemap.xml", label: "Sitemap", reloadDocument: true },
];

function LinkList({ title, links }: { title: string; links: typeof supportLinks }) {
  return (
    <div>
      <h2 className="text-sm font-bold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-2">
        {links.map((link) => (
          <li key={link.label}>
            <Link
              to={link.to}
              reloadDocument={link.reloadDocument}
              className="text-slate-300 hover:text-white hover:underline"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter({ whatsapp }: { whatsapp: boolean }) {
  const [phone] = siteConfig.phones;
  const [email] = siteConfig.emails;
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-extrabold text-white">
            <GraduationCap aria-hidden="true" className="h-7 w-7 text-brand-300" />
            {siteConfig.name}
          </p>
          <p className="mt-4 text-sm leading-relaxed">{siteConfig.description}</p>
          <ul className="mt-5 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Social media">
            {siteConfig.social.map((item) => (
              <li key={item.name}>
                <a href={item.href} rel="noopener" className="hover:text-white hover:underline">
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkList title="Services" links={serviceLinks} />
        <LinkList title="Support" links={supportLinks} />
        <div>
          <h2 className="text-sm font-bold tracking-wide text-white uppercase">Get in touch</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-2">
              <Mail aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-300" />
              <a href={`mailto:${email}`} className="hover:text-white hover:underline">
                <EmailAddress address={email} />
              </a>
            </li>
            <li className="flex gap-2">
              <Phone aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-300" />
              <a
                href={`tel:${phone?.replace(/\s/g, "")}`}
                className="hover:text-white hover:underline"
              >
                {phone}
              </a>
            </li>
            <li className="flex gap-2">
              <MapPin aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-300" />
              <address className="not-italic">{fullAddress}</address>
            </li>
          </ul>
          {whatsapp ? <ChatOnWhatsapp size="md" className="mt-5" /> : null}
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6">
          © {new Date().getFullYear()} {siteConfig.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
