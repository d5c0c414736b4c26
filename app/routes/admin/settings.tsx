import Award from "lucide-react/icons/award";
import Bell from "lucide-react/icons/bell";
import Landmark from "lucide-react/icons/landmark";
import Mail from "lucide-react/icons/mail";
import Palette from "lucide-react/icons/palette";
import ShieldCheck from "lucide-react/icons/shield-check";
import User from "lucide-react/icons/user";
import UserSearch from "lucide-react/icons/user-search";
import { href, Link } from "react-router";
import * as z from "zod/mini";
import { adminRoleLabels, isSuperAdmin } from "~/features/admins/roles";
import { requireAdmin, requireSuperAdmin } from "~/features/auth/session.server";
import { certificateMessages, signatorySchema } from "~/features/certificates/certificate-schema";
import { saveSignatory, signatoryOf } from "~/features/certificates/signatory.server";
import { SignatoryForm } from "~/features/certificates/staff/signatory-form";
import {
  outgoingMailOverview,
  retryOutgoingEmail,
} from "~/features/outgoing-mail/outgoing-mail.server";
import { OutgoingMailList } from "~/features/outgoing-mail/outgoing-mail-list";
import {
  OUTGOING_MAIL_LIST_LIMIT,
  outgoingMailMessages,
  retryEmailSchema,
} from "~/features/outgoing-mail/schema";
import {
  loadBankAccount,
  saveBankAccount,
} from "~/features/payments/applicant/bank-transfer.server";
import { bankAccountMessages, bankAccountSchema } from "~/features/payments/bank-account-schema";
import { BankAccountForm } from "~/features/payments/staff/bank-account-form";
import { PageHeader } from "~/features/portal/page-header";
import { keptValueOf } from "~/lib/forms/action-reply";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { env } from "~/lib/infra/env.server";
import { Button } from "~/ui/button";
import { useActionReply } from "~/ui/form/use-action-reply";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const superAdmin = isSuperAdmin(admin);
  return {
    profile: { name: admin.name, email: admin.email, phone: admin.phone, role: admin.role },
    alertsConfigured: env().NOTIFY_EMAILS.length > 0,
    outgoingMail: superAdmin ? await outgoingMailOverview() : null,
    bankAccount: superAdmin ? await loadBankAccount() : null,
    signatory: superAdmin ? await signatoryOf() : null,
  };
}

/**
 * The Settings page's forms: the bank account and the certificates' signatory (their fields show
 * their errors), an e-mail's retry.
 */
const settingsActionSchema = z.discriminatedUnion(
  "intent",
  [bankAccountSchema, signatorySchema, retryEmailSchema],
  { error: outgoingMailMessages.invalid },
);

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireSuperAdmin(request);
  const submission = await readSubmission(request, settingsActionSchema);
  return dispatchIntent(
    submission,
    {
      "bank-account": async (input) => {
        await saveBankAccount(actor, input);
        return bankAccountMessages.saved;
      },
      signatory: async (input) => {
        await saveSignatory(actor, input);
        return certificateMessages.signatorySaved;
      },
      "retry-email": async (input) => {
        await retryOutgoingEmail(input.id);
        return outgoingMailMessages.retried;
      },
    },
    {
      successHref: href("/admin-portal/settings"),
      what: "Settings",
      fieldsShown: [...Object.keys(bankAccountSchema.shape), ...Object.keys(signatorySchema.shape)],
    },
  );
}

function Card({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof User;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Icon aria-hidden="true" className="h-5 w-5 text-brand-700 dark:text-brand-300" />
        {title}
      </h2>
      <div className="mt-3 text-sm text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, outgoingMail } = loaderData;
  // The bank account and signatory forms show their own replies; the retry's is toasted here.
  const bankAccountReply =
    keptValueOf(actionData, "intent") === "bank-account" ? actionData : undefined;
  const signatoryReply = keptValueOf(actionData, "intent") === "signatory" ? actionData : undefined;
  useActionReply(actionData, { heldByOpenForm: Boolean(bankAccountReply ?? signatoryReply) });
  return (
    <>
      <PageHeader title="Settings" description="Your profile and portal preferences." />
      <div
        role="note"
        id="settings-notice"
        className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      >
        Editable settings are under development. Until then, a super admin changes your name, phone
        or role from Admin Management.
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card icon={User} title="Profile Settings">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt>Name</dt>
            <dd className="font-medium">{profile.name}</dd>
            <dt>Email</dt>
            <dd className="font-medium break-all">{profile.email}</dd>
            <dt>Phone</dt>
            <dd className="font-medium">{profile.phone}</dd>
            <dt>Role</dt>
            <dd className="font-medium">{adminRoleLabels[profile.role]}</dd>
          </dl>
        </Card>
        <Card icon={ShieldCheck} title="Security">
          <p>
            To change your password, ask for a reset link: it is e-mailed to you and works once,
            within an hour.
          </p>
          <Link
            to={href("/admin-portal/forgot-password")}
            className="mt-2 inline-block font-semibold text-brand-800 hover:underline dark:text-brand-300"
          >
            Send me a reset link
          </Link>
        </Card>
        <Card icon={Bell} title="Notifications">
          <p>
            {loaderData.alertsConfigured
              ? "Staff alerts for new messages are on: each new message is e-mailed to the addresses the server is configured with."
              : "Staff alerts for new messages are off: the server has no alert addresses configured."}
          </p>
        </Card>
        <Card icon={Palette} title="Appearance">
          <p>
            Switch between light and dark mode with the moon and sun button in the header. Your
            choice is remembered on this browser.
          </p>
        </Card>
      </div>
      {outgoingMail ? (
        <div className="mt-4 grid gap-4">
          <Card icon={UserSearch} title="Personal data">
            <p>
              Someone asked what the academy holds about them, or to be forgotten? Find their
              messages and applications, download them, or erase them.
            </p>
            <Link
              to={href("/admin-portal/personal-data")}
              className="mt-2 inline-block font-semibold text-brand-800 hover:underline dark:text-brand-300"
            >
              Open Personal data
            </Link>
          </Card>
          <Card icon={Landmark} title="Bank account for transfers">
            <p className="mb-3">
              Applicants who pay by bank transfer are shown this account, the exact amount and their
              reference. Without it, bank transfer is not offered.
            </p>
            <BankAccountForm account={loaderData.bankAccount} reply={bankAccountReply} />
          </Card>
          <Card icon={Award} title="Certificates">
            <p className="mb-3">
              Who signs the certificates: their name and title are printed on each one issued from
              now on, and shown when anyone verifies it.
            </p>
            <SignatoryForm signatory={loaderData.signatory} reply={signatoryReply} />
          </Card>
          <Card icon={Mail} title="Outgoing e-mail">
            <OutgoingMailList overview={outgoingMail} limit={OUTGOING_MAIL_LIST_LIMIT} />
          </Card>
        </div>
      ) : null}
      <div className="mt-6 flex justify-end">
        <Button disabled aria-describedby="settings-notice">
          Save Changes
        </Button>
      </div>
    </>
  );
}
