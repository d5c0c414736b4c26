import type { Admin } from "~/db/schema";
import { listActiveAdminOptions } from "~/features/admins/admins.server";
import { readOrNull } from "~/lib/http/unavailable.server";
import { logger } from "~/lib/infra/logger.server";
import { openRecordId } from "~/lib/router/list-href";
import type { AdmissionsQuery } from "../list-url";
import { markApplicationViewed } from "./admissions.server";
import { type AdmissionConfirm, admissionConfirms } from "./admissions-schema";
import { applicationTimeline, getApplication, personRecordsOf } from "./application-detail.server";
import {
  applicationIntakeChoices,
  applicationStatusCounts,
  listApplications,
} from "./application-list.server";
import { savedRepliesForApplication } from "./application-reply-context.server";

export type OpenApplication = NonNullable<Awaited<ReturnType<typeof getApplication>>>;

const confirmFrom = (params: URLSearchParams): AdmissionConfirm | null => {
  const confirm = params.get("confirm");
  return (admissionConfirms as readonly string[]).includes(confirm ?? "")
    ? (confirm as AdmissionConfirm)
    : null;
};

/**
 * The Students page's Applications tab: the list, its filters and counts, and the open
 * application with its extras, each of which never stops it from showing (null when
 * unreadable). `extra` reads what another feature shows of the open application (its
 * payments), alongside the rest.
 */
export async function loadApplicationsTab<Extra>(
  actor: Admin,
  query: AdmissionsQuery,
  params: URLSearchParams,
  extra: (application: OpenApplication) => Promise<Extra>,
) {
  const openId = openRecordId(params);
  // Marking it viewed must never stop the application from showing.
  if (openId)
    await markApplicationViewed(actor, openId).catch((error: unknown) =>
      logger.error({ err: error }, "Marking an application viewed failed"),
    );
  const [list, counts, intakes, admins, application] = await Promise.all([
    listApplications(query),
    applicationStatusCounts(query.intake),
    applicationIntakeChoices(),
    listActiveAdminOptions(),
    openId ? getApplication(openId) : null,
  ]);
  const [timeline, person, savedReplies, extras] = application
    ? await Promise.all([
        readOrNull("Loading an application's history", () => applicationTimeline(application.id)),
        readOrNull("Loading a person's records", () => personRecordsOf(application)),
        readOrNull("Loading saved replies", () => savedRepliesForApplication(application)),
        extra(application),
      ])
    : [null, null, null, null];
  const insertedId = params.get("savedReply");
  return {
    list,
    counts,
    intakes,
    admins: admins.map(({ id, name }) => ({ id, name })),
    application,
    timeline,
    person,
    confirm: application ? confirmFrom(params) : null,
    extras,
    savedReplies: savedReplies ?? [],
    draft: savedReplies?.find((reply) => reply.id === insertedId)?.text ?? "",
  };
}

/** What the tab shows, without the other feature's extras (the page passes those itself). */
export type ApplicationsTabData = Omit<
  Awaited<ReturnType<typeof loadApplicationsTab<unknown>>>,
  "extras"
>;
