import type { Application } from "~/db/schema";
import { formatDateTime, formatFullDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { siteConfig } from "~/lib/site/site-config";
import { firstName } from "~/lib/text/person-name";
import { formatApplicationReference } from "./application-rules";

// The texts of every e-mail about an application. Plain text; each goes out through the job
// queue from the service that causes it (applications.server.ts, admissions.server.ts).

export type EmailText = { subject: string; text: string };

/** What the e-mails say about an application and its intake. */
export type ApplicationForEmail = Pick<
  Application,
  "reference" | "fullName" | "email" | "status" | "offerExpiresAt"
> & { courseTitle: string; intakeLabel: string; startsOn: string };

/** The reference at a subject's end, '[LTA-A-001234]'. */
const tag = (application: ApplicationForEmail) =>
  `[${formatApplicationReference(application.reference)}]`;
/** The greeting, by first name. */
const hello = (application: ApplicationForEmail) => `Hello ${firstName(application.fullName)},`;
const intakeLine = (application: ApplicationForEmail) =>
  `${application.courseTitle}, ${application.intakeLabel} (starts ${formatFullDate(application.startsOn)})`;
const deadline = (at: Date | null) => (at ? `${formatDateTime(at)} (Lagos time)` : "");
/** The last lines of every e-mail to an applicant. */
const signOff = ["", `The ${siteConfig.name} admissions team`];
/**
 * An e-mail to an applicant: the subject ends with their reference, and `lines` come between
 * the greeting by first name and the admissions team's sign-off.
 */
export function applicantEmail(
  application: ApplicationForEmail,
  subject: string,
  lines: string[],
): EmailText {
  return {
    subject: `${subject} ${tag(application)}`,
    text: [hello(application), "", ...lines, ...signOff].join("\n"),
  };
}

const linkLines = (link: string) => [
  "Follow your application, and answer an offer, on your private page:",
  link,
  "Keep this link to yourself: anyone who has it can see and answer your application.",
];

/** The first e-mail: the reference, what happens next, and the private link. */
export function applicationReceivedEmail(
  application: ApplicationForEmail,
  link: string,
  waitlistPlace: number | null,
): EmailText {
  const next =
    application.status === "offered"
      ? [
          "Good news: a place is yours if you accept it.",
          `Please accept it by ${deadline(application.offerExpiresAt)}; after that the place goes to the next person in line.`,
        ]
      : application.status === "enrolled"
        ? [
            "Your seat is paid for by your sponsor, so you are enrolled, with nothing to pay.",
            "Your private page shows your timetable and everything about your place.",
          ]
        : application.status === "waitlisted"
          ? [
              "This intake is full, so you are on its waitlist.",
              `Your place in line: ${waitlistPlace}. If a place frees up we will e-mail you at once.`,
            ]
          : [
              `Our admissions team will review your application and answer within ${siteConfig.claims.responseTime}.`,
            ];
  return applicantEmail(application, `We received your application`, [
    `Thank you for applying for ${intakeLine(application)}.`,
    `Your reference is ${formatApplicationReference(application.reference)}.`,
    "",
    ...next,
    "",
    ...linkLines(link),
  ]);
}

/** A place offered, by staff or because one freed up for the first in line. */
export function offerEmail(application: ApplicationForEmail, link: string): EmailText {
  return applicantEmail(application, `A place is yours: ${application.courseTitle}`, [
    `We are pleased to offer you a place in ${intakeLine(application)}.`,
    `The place is held for you until ${deadline(application.offerExpiresAt)}. Accept it before then on your private page:`,
    link,
  ]);
}

export function offerReminderEmail(application: ApplicationForEmail, link: string): EmailText {
  return applicantEmail(application, `Your offer ends soon`, [
    `Your place in ${intakeLine(application)} is held until ${deadline(application.offerExpiresAt)}.`,
    "If you want it, please accept it before then:",
    link,
    "If you no longer want it, you can decline it on the same page, so that it goes to someone waiting.",
  ]);
}

/** The applicant's own step (accepted, declined, withdrawn), confirmed. */
export function applicantStepEmail(
  application: ApplicationForEmail,
  step: "accepted" | "declined" | "withdrawn",
  link: string,
): EmailText {
  const said = {
    accepted: [
      `You accepted your place in ${intakeLine(application)}. Welcome!`,
      "We will be in touch about payment and your first class.",
    ],
    declined: [`You declined the place offered in ${intakeLine(application)}.`],
    withdrawn: [`You withdrew your application for ${intakeLine(application)}.`],
  }[step];
  return applicantEmail(application, `Application ${step}`, [
    ...said,
    "",
    "Your private page:",
    link,
  ]);
}

/** Staff withdrew the application (the applicant asked them to, or the academy decided it). */
export function staffWithdrawnEmail(
  application: ApplicationForEmail,
  refundDue: number,
  link: string,
): EmailText {
  return applicantEmail(application, `Application withdrawn`, [
    `The academy has withdrawn your application for ${intakeLine(application)}.`,
    refundDue > 0
      ? `You have paid ${formatNaira(refundDue)} that we have not given back. It will be refunded to you; your receipts stay on your private page.`
      : "Nothing more will be asked of you: any instalments not yet paid are cancelled.",
    "If you think this is a mistake, reply to this e-mail.",
    "",
    "Your private page:",
    link,
  ]);
}

/**
 * An intake cancelled by the academy, to everyone with an application in it: the reason, and
 * what happens to the money they paid (`paid`: kobo paid and not yet given back).
 */
export function intakeCancelledEmail(
  application: ApplicationForEmail,
  reason: string,
  paid: number,
  link: string,
): EmailText {
  return applicantEmail(application, `Intake cancelled: ${application.courseTitle}`, [
    `We are sorry: we have had to cancel ${intakeLine(application)}.`,
    `The reason: ${reason}`,
    "",
    ...(paid > 0
      ? [
          `You have paid ${formatNaira(paid)}. Nothing more will be asked of you. We will refund it in full, or, if you prefer, move your place and what you paid to another intake of ${application.courseTitle}: reply to this e-mail to tell us which.`,
        ]
      : [
          "You have paid nothing for this intake, and nothing will be asked or charged.",
          `You are welcome to apply for another intake of ${application.courseTitle}.`,
        ]),
    "",
    "Your private page:",
    link,
  ]);
}

/** A paid place moved by staff to another intake of the same course. */
export function transferredEmail(
  application: ApplicationForEmail,
  from: string,
  link: string,
): EmailText {
  return applicantEmail(application, `Your place has moved to ${application.intakeLabel}`, [
    `Your place in ${application.courseTitle}, ${from}, has moved to ${intakeLine(application)}.`,
    "What you paid and your receipts moved with it; any instalment still to pay is due by the new intake's dates, on your private page:",
    link,
  ]);
}

/** Staff's decision, in their own words (a saved reply or what they wrote). */
export function decisionEmail(
  application: ApplicationForEmail,
  subject: string,
  body: string,
): EmailText {
  return { subject: `${subject} ${tag(application)}`, text: body };
}

export function waitlistedEmail(
  application: ApplicationForEmail,
  link: string,
  place: number,
): EmailText {
  return applicantEmail(application, `You are on the waitlist`, [
    `All places in ${intakeLine(application)} are taken for now, so you are on its waitlist.`,
    `Your place in line: ${place}. If a place frees up we will e-mail you at once.`,
    "",
    ...linkLines(link),
  ]);
}

export function enrolledEmail(application: ApplicationForEmail, link: string): EmailText {
  return applicantEmail(application, `You are enrolled`, [
    `You are enrolled in ${intakeLine(application)}. See you in class!`,
    "",
    "Your private page:",
    link,
  ]);
}

/** `passedOn`: someone was waiting for the place (offered it, or staff told to choose). */
export function offerExpiredEmail(
  application: ApplicationForEmail,
  link: string,
  passedOn: boolean,
): EmailText {
  const notInTime = `The place offered to you in ${intakeLine(application)} was not accepted in time`;
  return applicantEmail(application, `Your offer has ended`, [
    passedOn
      ? `${notInTime}, so it has gone to the next person in line.`
      : `${notInTime}, so the offer has ended.`,
    `If you still want to join, reply to this e-mail or apply for another intake: ${siteConfig.name} runs them all year.`,
    "",
    "Your private page:",
    link,
  ]);
}

/** 'Find my application': fresh links to every application of one address. */
export function applicationLinksEmail(
  fullName: string,
  links: { reference: number; courseTitle: string; link: string }[],
): EmailText {
  return {
    subject: "Your applications",
    text: [
      `Hello ${firstName(fullName)},`,
      "",
      "Here are the private links to your applications. Links sent before no longer work.",
      "",
      ...links.flatMap((item) => [
        `${formatApplicationReference(item.reference)}, ${item.courseTitle}:`,
        item.link,
        "",
      ]),
      "If you did not ask for this e-mail, you can ignore it.",
      ...signOff,
    ].join("\n"),
  };
}

/**
 * To NOTIFY_EMAILS: a new application, a freed place in a reviewed intake, or a bank transfer's
 * proof to check.
 */
export function admissionsAlertEmail(
  application: ApplicationForEmail,
  what: "new" | "place-free" | "proof-sent",
  portalLink: string,
): EmailText {
  if (what === "proof-sent")
    return {
      subject: `Bank transfer proof to check: ${application.fullName} ${tag(application)}`,
      text: [
        `${application.fullName} sent proof of a bank transfer for ${intakeLine(application)}.`,
        "Check it against the academy's account, then confirm or reject it in the portal:",
        portalLink,
      ].join("\n"),
    };
  return what === "new"
    ? {
        subject: `New application from ${application.fullName} (${application.courseTitle}) ${tag(application)}`,
        text: [
          `A new application for ${intakeLine(application)} has arrived.`,
          `Status: ${application.status}`,
          "",
          `Open it in the portal: ${portalLink}`,
        ].join("\n"),
      }
    : {
        subject: `A place is free in ${application.courseTitle}, ${application.intakeLabel}`,
        text: [
          `A place has freed up in ${intakeLine(application)} and people are waiting for it.`,
          "This intake's places are offered by staff: please decide who gets it.",
          "",
          `Open the waitlist in the portal: ${portalLink}`,
        ].join("\n"),
      };
}
