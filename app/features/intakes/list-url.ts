import { href } from "react-router";
import * as z from "zod/mini";
import { listUrl } from "~/lib/router/list-href";
import { closedModal, type ModalState } from "~/lib/router/modal-target";

/** A course's intakes are one list without filters: its URL holds an open modal only. */
export const intakeListHref = (courseId: string, modal: ModalState = {}) =>
  listUrl(
    href("/admin-portal/courses/:courseId/intakes", { courseId }),
    z.object({}),
    closedModal,
  ).href({}, modal);

/** An intake's timetable (its sessions, built and edited by the cohort feature). */
export const timetableHref = (intakeId: string) =>
  href("/admin-portal/intakes/:intakeId/timetable", { intakeId });

/** An intake's certificates page. */
export const certificatesHref = (intakeId: string) =>
  href("/admin-portal/intakes/:intakeId/certificates", { intakeId });
