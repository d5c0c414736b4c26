import ChevronDown from "lucide-react/icons/chevron-down";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Menu from "lucide-react/icons/menu";
import X from "lucide-react/icons/x";
import { useEffect, useId, useRef, useState } from "react";
import { href, Link, NavLink, useLocation } from "react-router";
import type { CourseGroup } from "~/features/courses/course-groups";
import { siteConfig } from "~/lib/site/site-config";
import { buttonClasses } from "~/ui/button";
import { cn } from "~/ui/cn";

const links = [
  { to: "/", label: "Home" },
  { to: href("/about"), label: "About Us" },
  { to: href("/contact"), label: "Contact Us" },
] as const;

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    "block rounded-md px-3 py-2 text-base font-medium hover:bg-brand-50 hover:text-brand-800 lg:text-sm",
    isActive ? "text-brand-800" : "text-slate-800",
  );

/** Closes a <details> menu when the visitor navigates or clicks outside it. */
function useClosingDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Only a navigation closes it: on a slow connection the visitor may open the menu before the
  // scripts arrive, and hydration must leave it open.
  const shownLocation = useRef(location.key);
  useEffect(() => {
    if (shownLocation.current === location.key) return;
    shownLocation.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const closeOutside = (event: MouseEvent | KeyboardEvent) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("click", closeOutside);
    document.addEventListener("keydown", closeOutside);
    return () => {
      document.removeEventListener("click", closeOutside);
      document.removeEventListener("keydown", closeOutside);
    };
  }, []);
  return ref;
}

function CoursesMenu({ groups }: { groups: CourseGroup[] }) {
  const ref = useClosingDetails();
  // The menu is rendered twice (desktop and mobile navigation): ids must be unique per copy,
  // and may not contain spaces ("Data Science"), since aria-labelledby is a list of ids.
  const idPrefix = useId();
  return (
    <details ref={ref} className="group relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-base font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-800 lg:text-sm [&::-webkit-details-marker]:hidden">
        Courses
        <ChevronDown
          aria-hidden="true"
          className="h-4 w-4 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="mt-1 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:grid-cols-2 lg:absolute lg:right-0 lg:z-40 lg:w-[36rem]">
        {groups.map((group) => {
          const headingId = `${idPrefix}-${group.category.replace(/\W+/g, "-")}`;
          return (
            <section key={group.label} aria-labelledby={headingId}>
              <h2
                id={headingId}
                className="mb-1 px-2 text-xs font-bold tracking-wide text-brand-800 uppercase"
              >
                {group.label}
              </h2>
              <ul>
                {group.courses.map((course) => (
                  <li key={course.slug}>
                    <Link
                      to={`/course/${course.slug}`}
                      className="block rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-800"
                    >
                      {course.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        <Link
          to={href("/courses")}
          className="rounded-md px-2 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 sm:col-span-2"
        >
          View all courses
        </Link>
      </div>
    </details>
  );
}

/** `groups` is null when the courses could not be loaded: the header then has no Courses menu. */
export function SiteHeader({ groups, tinted }: { groups: CourseGroup[] | null; tinted?: boolean }) {
  const [scrolledPast, setScrolledPast] = useState(false);
  const mobileMenu = useClosingDetails();

  useEffect(() => {
    if (!tinted) return;
    const update = () => setScrolledPast(window.scrollY >= 100);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [tinted]);

  const navigation = (
    <>
      <ul className="flex flex-col gap-1 lg:flex-row lg:items-center">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className={linkClasses}>
              {link.label}
            </NavLink>
          </li>
        ))}
        {groups ? (
          <li>
            <CoursesMenu groups={groups} />
          </li>
        ) : null}
      </ul>
      <Link
        to={href("/courses")}
        className={buttonClasses("primary", "md", "mt-3 w-full lg:mt-0 lg:w-auto")}
      >
        Get Started
      </Link>
    </>
  );

  return (
    <header
      data-tinted={tinted && !scrolledPast ? "true" : undefined}
      className={cn(
        "sticky top-0 z-30 border-b transition-colors",
        tinted && !scrolledPast ? "border-transparent bg-brand-50" : "border-slate-200 bg-white",
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <span className="flex items-center gap-2 text-lg font-extrabold text-slate-900">
          <GraduationCap aria-hidden="true" className="h-7 w-7 text-brand-700" />
          {siteConfig.name}
        </span>
        <nav aria-label="Main" className="hidden items-center gap-4 lg:flex">
          {navigation}
        </nav>
        <details ref={mobileMenu} className="group lg:hidden">
          <summary className="flex cursor-pointer list-none items-center rounded-md p-2 text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
            <Menu aria-hidden="true" className="h-6 w-6 group-open:hidden" />
            <X aria-hidden="true" className="hidden h-6 w-6 group-open:block" />
            <span className="sr-only">Menu</span>
          </summary>
          <nav
            aria-label="Main"
            className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-2 pb-5 shadow-lg"
          >
            {navigation}
          </nav>
        </details>
      </div>
    </header>
  );
}
