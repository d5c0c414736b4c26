import type { ContactInput, InquiryInput } from "~/features/messages/intake/schema";

/**
 * The demo inbox: what a fortnight of contact messages and course inquiries looks like for the
 * academy, in every state the triage screens show. Inputs are what a visitor types into the
 * public forms (they pass the forms' own schemas); the triage fields say how far staff got.
 */
export type DemoMessage = (
  | {
      /** Days before today (0 is today) and the Lagos hour the visitor sent it. */
      daysAgo: number;
      lagosHour: number;
      hoursAgo?: never;
    }
  | {
      /** Exactly this long before the demo starts: where the reply clock is the point. */
      hoursAgo: number;
      daysAgo?: never;
      lagosHour?: never;
    }
) & {
  status: "unread" | "read" | "replied" | "archived";
  priority: "low" | "normal" | "high" | "urgent";
  /** Assigned to the demo super admin, so "Assigned to Me" has something to show. */
  assignedToDemoAdmin?: boolean;
  adminNotes?: string;
} & (
    | { form: "inquiry"; input: Omit<InquiryInput, "consent" | "website"> & { consent: "on" } }
    | { form: "contact"; input: Omit<ContactInput, "website"> }
  );

/** `courseTitle(n)`: the title of an active demo course, so inquiries name real courses. */
export function buildDemoMessages(courseTitle: (index: number) => string): DemoMessage[] {
  return [
    {
      // Past the 24-hour promise: the inbox's Overdue tab and the dashboard show it.
      hoursAgo: 25,
      status: "unread",
      priority: "normal",
      form: "inquiry",
      input: {
        fullName: "Emeka Nwosu",
        email: "emeka.nwosu@example.com",
        phone: "0812 765 4321",
        inquiryType: "I want to know about pricing",
        courseInterest: courseTitle(1),
        contactMethod: "Phone / WhatsApp",
        message:
          "Good evening. What is the total fee, and is there a discount if I pay everything at once?",
        consent: "on",
      },
    },
    {
      // Under 4 hours left of its 24: due soon.
      hoursAgo: 21,
      status: "read",
      priority: "normal",
      form: "contact",
      input: {
        name: "Halima Danjuma",
        email: "halima.danjuma@example.com",
        phone: "",
        subject: "Course Information",
        message:
          "Do your certificates say the course was taken online or in person? My employer asks.",
      },
    },
    {
      daysAgo: 0,
      lagosHour: 9,
      status: "unread",
      priority: "high",
      form: "inquiry",
      input: {
        fullName: "Chiamaka Obi",
        email: "chiamaka.obi@example.com",
        phone: "0803 123 4567",
        inquiryType: "I'm interested in a course",
        courseInterest: courseTitle(0),
        contactMethod: "Phone / WhatsApp",
        message:
          "Good morning. I work full time in Ikeja. Is there a weekend class for the next cohort, and can I pay in two instalments?",
        consent: "on",
      },
    },
    {
      daysAgo: 0,
      lagosHour: 8,
      status: "unread",
      priority: "normal",
      form: "contact",
      input: {
        name: "Tunde Bakare",
        email: "tunde.bakare@example.com",
        phone: "",
        subject: "Enrollment Inquiry",
        message:
          "Please how do I enrol my younger brother? He just finished secondary school and wants to learn programming.",
      },
    },
    {
      daysAgo: 1,
      lagosHour: 19,
      status: "unread",
      priority: "normal",
      form: "inquiry",
      input: {
        fullName: "Aisha Bello",
        email: "aisha.bello@example.com",
        phone: "+234 809 555 0142",
        inquiryType: "I want to know about pricing",
        courseInterest: courseTitle(1),
        contactMethod: "Email",
        message: "Is there a discount for paying the full fee at once?",
        consent: "on",
      },
    },
    {
      daysAgo: 1,
      lagosHour: 14,
      status: "read",
      priority: "urgent",
      assignedToDemoAdmin: true,
      adminNotes: "Wants a quote for 12 staff before Friday. Sent to finance for a group rate.",
      form: "contact",
      input: {
        name: "Ifeoma Nwosu",
        email: "ifeoma.nwosu@example.com",
        phone: "0812 345 6789",
        subject: "Partnership Opportunities",
        message:
          "We are a fintech in Lekki and want to train 12 of our staff in data analysis this quarter. Could you send a proposal and a group price?",
      },
    },
    {
      daysAgo: 2,
      lagosHour: 11,
      status: "replied",
      priority: "normal",
      assignedToDemoAdmin: true,
      adminNotes: "Replied on WhatsApp with the cohort dates.",
      form: "inquiry",
      input: {
        fullName: "Emeka Eze",
        email: "emeka.eze@example.com",
        phone: "0706 222 3344",
        inquiryType: "I'm interested in a course",
        courseInterest: courseTitle(2),
        contactMethod: "Phone / WhatsApp",
        message: "When does the next cohort start?",
        consent: "on",
      },
    },
    {
      daysAgo: 3,
      lagosHour: 16,
      status: "read",
      priority: "normal",
      form: "contact",
      input: {
        name: "Kemi Adeyemi",
        email: "kemi.adeyemi@example.com",
        phone: "",
        subject: "Career Guidance",
        message:
          "I studied accounting and I am thinking of moving into data. Which course should I start with?",
      },
    },
    {
      daysAgo: 4,
      lagosHour: 10,
      status: "replied",
      priority: "low",
      form: "inquiry",
      input: {
        fullName: "Segun Afolabi",
        email: "segun.afolabi@example.com",
        phone: "",
        inquiryType: "General questions",
        courseInterest: "",
        contactMethod: "Email",
        message: "Do you issue certificates at the end of each course?",
        consent: "on",
      },
    },
    {
      daysAgo: 5,
      lagosHour: 13,
      status: "unread",
      priority: "normal",
      form: "inquiry",
      input: {
        fullName: "Ngozi Okafor",
        email: "ngozi.okafor@example.com",
        phone: "0805 987 6543",
        inquiryType: "I'm interested in a course",
        courseInterest: courseTitle(3),
        contactMethod: "Phone / WhatsApp",
        message: "",
        consent: "on",
      },
    },
    {
      daysAgo: 6,
      lagosHour: 9,
      status: "read",
      priority: "high",
      form: "contact",
      input: {
        name: "Yusuf Abdullahi",
        email: "yusuf.abdullahi@example.com",
        phone: "0902 111 2233",
        subject: "Technical Support",
        message:
          "I paid for the course last week but I have not received the link to the online class yet.",
      },
    },
    {
      daysAgo: 8,
      lagosHour: 15,
      status: "archived",
      priority: "low",
      form: "contact",
      input: {
        name: "Bisi Ogunleye",
        email: "bisi.ogunleye@example.com",
        phone: "",
        subject: "Other",
        message: "Do you rent out your training room for weekend events?",
      },
    },
    {
      daysAgo: 10,
      lagosHour: 12,
      status: "replied",
      priority: "normal",
      form: "inquiry",
      input: {
        fullName: "Daniel Okon",
        email: "daniel.okon@example.com",
        phone: "",
        inquiryType: "Partnership / collaboration",
        courseInterest: "",
        contactMethod: "Email",
        message:
          "I run a tech community in Uyo and would like to partner with you on a bootcamp for our members.",
        consent: "on",
      },
    },
    {
      daysAgo: 12,
      lagosHour: 17,
      status: "archived",
      priority: "normal",
      form: "inquiry",
      input: {
        fullName: "Funke Olatunji",
        email: "funke.olatunji@example.com",
        phone: "0813 444 5566",
        inquiryType: "I want to know about pricing",
        courseInterest: courseTitle(4),
        contactMethod: "Email",
        message: "",
        consent: "on",
      },
    },
  ];
}
