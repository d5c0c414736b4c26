import { asc, eq } from "drizzle-orm";
import MailComposer from "nodemailer/lib/mail-composer";
import type { Database } from "~/db/client.server";
import { messages, outgoingEmails } from "~/db/schema";
import { receiveMail } from "~/features/conversations/receive-mail.server";
import { formatReference } from "~/features/messages/reference";
import { env } from "~/lib/infra/env.server";

type DemoConversationsOptions = { log?: (line: string) => void };

const composed = (mail: ConstructorParameters<typeof MailComposer>[0]) =>
  new MailComposer(mail).compile().build();

/**
 * Two conversations for the demo inbox, received through the real pipeline: the visitor of the
 * first replied-to demo message answers our reply by e-mail (threaded by its In-Reply-To, the
 * Message-ID of that reply, as a mail app does), and someone new writes to the academy.
 */
export async function seedDemoConversations(db: Database, options: DemoConversationsOptions) {
  const [answered] = await db
    .select()
    .from(messages)
    .where(eq(messages.status, "replied"))
    .orderBy(asc(messages.createdAt))
    .limit(1);
  let added = 0;
  if (answered?.email) {
    const topic = answered.subject || answered.inquiryType || "Your message";
    const subject = `Re: ${topic} [${formatReference(answered.reference)}]`;
    // The reply the demo says was sent, so that the answer has an e-mail of ours to answer.
    const [reply] = await db
      .insert(outgoingEmails)
      .values({
        kind: "reply",
        recipients: [answered.email],
        subject,
        body: "Thank you for your interest. The next intake starts soon.",
        status: "sent",
        messageId: answered.id,
        sentAt: answered.repliedAt ?? answered.updatedAt,
      })
      .returning({ id: outgoingEmails.id });
    await receiveMail(
      await composed({
        from: `${answered.fullName} <${answered.email}>`,
        to: "hello@lagostechacademy.ng",
        subject,
        inReplyTo: `<${reply?.id}@${new URL(env().publicUrl).hostname}>`,
        text: [
          "Thank you! Can I pay the balance in two instalments, and is there a weekend class?",
          "",
          "On Mon, the Lagos Tech Academy team wrote:",
          "> Thank you for your interest. The next intake starts soon.",
        ].join("\n"),
        messageId: "<demo-answer-1@example.com>",
      }),
    );
    added += 1;
  }
  await receiveMail(
    await composed({
      from: "Yetunde Adebayo <yetunde.adebayo@example.com>",
      to: "hello@lagostechacademy.ng",
      subject: "Corporate training for our team",
      html: "<p>Good afternoon,</p><p>We are a fintech in Yaba and would like <b>data analysis training</b> for 12 staff. Do you run private classes?</p><p>Yetunde</p>",
      messageId: "<demo-new-conversation-1@example.com>",
    }),
  );
  added += 1;
  options.log?.(`Added ${added} demo e-mail conversations.`);
  return added;
}
