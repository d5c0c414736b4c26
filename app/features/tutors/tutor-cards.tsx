import type { Tutor } from "~/db/schema";
import { cn } from "~/ui/cn";
import { TutorPhoto } from "./tutor-photo";

export type PublicTutor = Pick<Tutor, "id" | "name" | "role" | "bio" | "photo" | "photoVariants">;

/**
 * The public pages' tutor cards: photo, name, role and bio, one column on a phone and at most
 * `columns` on a wide screen (two where the cards share the page with a sidebar).
 */
export function TutorCards({ tutors, columns = 3 }: { tutors: PublicTutor[]; columns?: 2 | 3 }) {
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2", columns === 3 && "lg:grid-cols-3")}>
      {tutors.map((tutor) => (
        <li
          key={tutor.id}
          data-tutor={tutor.name}
          className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5"
        >
          <TutorPhoto tutor={tutor} size={72} />
          <div className="min-w-0">
            <h3 className="font-semibold break-words text-slate-900">{tutor.name}</h3>
            <p className="text-sm font-medium text-brand-800">{tutor.role}</p>
            {tutor.bio ? (
              <p className="mt-2 text-sm break-words text-slate-700">{tutor.bio}</p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
