import { desc, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { admins, courses, messages, tutors } from "~/db/schema";
import { enrolledCount } from "~/features/applications/staff/students.server";
import { messageStats } from "~/features/messages/inbox/inbox.server";

/** The dashboard's real figures (the old portal showed invented ones). */
export async function dashboardStats(now: Date = new Date()) {
  const messageCounts = await messageStats(now);
  const [courseRow] = await db()
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${courses.isActive})`.mapWith(Number),
    })
    .from(courses);
  const [adminRow] = await db()
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${admins.isActive})`.mapWith(Number),
    })
    .from(admins);
  const [tutorRow] = await db()
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${tutors.isActive})`.mapWith(Number),
    })
    .from(tutors);
  const enrolled = await enrolledCount();
  return {
    students: { enrolled },
    courses: courseRow ?? { total: 0, active: 0 },
    messages: { unread: messageCounts.unread, today: messageCounts.today },
    admins: adminRow ?? { total: 0, active: 0 },
    tutors: tutorRow ?? { total: 0, active: 0 },
  };
}

export type ActivityEvent = {
  kind: "message" | "course-created" | "course-updated";
  id: string;
  title: string;
  detail: string;
  at: Date;
};

/** The latest real events: new messages and course changes, newest first. */
export async function recentActivity(limit = 8): Promise<ActivityEvent[]> {
  const latestMessages = await db()
    .select({
      id: messages.id,
      formType: messages.formType,
      fullName: messages.fullName,
      subject: messages.subject,
      courseInterest: messages.courseInterest,
      inquiryType: messages.inquiryType,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .orderBy(desc(messages.createdAt))
    .limit(limit);
  const latestCourses = await db()
    .select({
      id: courses.id,
      title: courses.title,
      createdAt: courses.createdAt,
      updatedAt: courses.updatedAt,
    })
    .from(courses)
    .orderBy(desc(courses.updatedAt))
    .limit(limit);

  const events: ActivityEvent[] = [
    ...latestMessages.map((message) => ({
      kind: "message" as const,
      id: message.id,
      title:
        message.formType === "inquiry"
          ? `New inquiry from ${message.fullName}`
          : message.formType === "email"
            ? `New e-mail from ${message.fullName}`
            : message.formType === "whatsapp"
              ? `New WhatsApp message from ${message.fullName}`
              : `New message from ${message.fullName}`,
      detail: message.subject ?? message.courseInterest ?? message.inquiryType ?? "",
      at: message.createdAt,
    })),
    ...latestCourses.map((course) => {
      const created = course.updatedAt.getTime() - course.createdAt.getTime() < 1000;
      return {
        kind: created ? ("course-created" as const) : ("course-updated" as const),
        id: course.id,
        title: created ? `Course added: ${course.title}` : `Course updated: ${course.title}`,
        detail: "",
        at: created ? course.createdAt : course.updatedAt,
      };
    }),
  ];
  return events.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}
