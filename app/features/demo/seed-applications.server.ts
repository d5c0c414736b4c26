import { and, asc, count, eq, gt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { applicationEvents, applications, intakes, type NewApplication } from "~/db/schema";
import { experienceLevels, heardFromChoices } from "~/features/applications/application-rules";

const HOUR = 60 * 60 * 1000;

/** The demo's applicants: new applications, waiting for staff's decision. */
const demoApplicants = [
  { fullName: "Chiamaka Obi", hoursAgo: 2 },
  { fullName: "Tunde Adeyemi", hoursAgo: 5 },
  { fullName: "Ifeoma Nwosu", hoursAgo: 21 },
  { fullName: "Yusuf Bello", hoursAgo: 30 },
  { fullName: "Funmilayo Ojo", hoursAgo: 48 },
  { fullName: "Emeka Okafor", hoursAgo: 70 },
] as const;

/**
 * Demo mode only: a few new applications to the open intakes with room, so the Students page
 * has something to decide on first start. Left alone once any application exists.
 */
export async function seedDemoApplications(
  db: Database,
  options: { now?: Date; log?: (line: string) => void } = {},
) {
  const [existing] = await db.select({ total: count() }).from(applications);
  if ((existing?.total ?? 0) > 0) return 0;
  const open = await db
    .select({ id: intakes.id })
    .from(intakes)
    .where(and(eq(intakes.status, "open"), gt(intakes.seats, 5)))
    .orderBy(asc(intakes.startsOn), asc(intakes.id))
    .limit(3);
  if (!open.length) return 0;
  const now = options.now ?? new Date();
  const rows: NewApplication[] = demoApplicants.map((applicant, index) => {
    const handle = applicant.fullName.toLowerCase().replace(/\s+/g, ".");
    return {
      intakeId: open[index % open.length]?.id ?? "",
      fullName: applicant.fullName,
      email: `${handle}@example.com`,
      phone: `+23480${String(31_000_000 + index * 1_111).padStart(8, "0")}`,
      experienceLevel: experienceLevels[index % experienceLevels.length] ?? "Complete beginner",
      goals: "I want to build a career in tech and work on real projects.",
      heardFrom: heardFromChoices[index % heardFromChoices.length] ?? "Other",
      consentGiven: true,
      status: "new",
      createdAt: new Date(now.getTime() - applicant.hoursAgo * HOUR),
    };
  });
  const inserted = await db.insert(applications).values(rows).returning();
  await db.insert(applicationEvents).values(
    inserted.map((row) => ({
      applicationId: row.id,
      kind: "applied" as const,
      actorKind: "applicant" as const,
      createdAt: row.createdAt,
    })),
  );
  options.log?.(`Added ${inserted.length} demo applications.`);
  return inserted.length;
}
