import { formatApplicationReference } from "../application-rules";

/** The first columns of every CSV about applicants (students, instalments): who, for which intake. */
export const applicantCsvHeader = ["Reference", "Name", "Email", "Phone", "Course", "Intake"];

/** One row's cells under `applicantCsvHeader`. */
export const applicantCsvCells = (row: {
  reference: number;
  fullName: string;
  email: string;
  phone: string;
  courseTitle: string;
  intakeLabel: string;
}) => [
  formatApplicationReference(row.reference),
  row.fullName,
  row.email,
  row.phone,
  row.courseTitle,
  row.intakeLabel,
];
