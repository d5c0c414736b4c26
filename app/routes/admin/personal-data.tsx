import Download from "lucide-react/icons/download";
import { Form } from "react-router";
import { formatApplicationReference } from "~/features/applications/application-rules";
import { requireSuperAdmin } from "~/features/auth/session.server";
import { formTypeNames } from "~/features/messages/form-types";
import { formatReference } from "~/features/messages/reference";
import { personKeyProblem, personKeySchema } from "~/features/people/person-key";
import { findPersonRecords } from "~/features/people/personal-data.server";
import { personalDataPageAction } from "~/features/people/personal-data-actions.server";
import { personalDataExportHref } from "~/features/people/personal-data-href";
import { RecordTable } from "~/features/people/record-table";
import { PageHeader } from "~/features/portal/page-header";
import { errorsOf } from "~/lib/forms/action-reply";
import { Button, buttonClasses } from "~/ui/button";
import { FormError, TextInput } from "~/ui/form/fields";
import { useActionReply } from "~/ui/form/use-action-reply";
import type { Route } from "./+types/personal-data";

export const meta: Route.MetaFunction = () => [{ title: "Personal data | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireSuperAdmin(request);
  const key = personKeySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams.entries()),
  );
  const asked = Boolean(key.email || key.phone);
  const problem = asked ? personKeyProblem(key) : null;
  return {
    key,
    problem,
    records: asked && !problem ? await findPersonRecords(key) : null,
  };
}

export const action = async ({ request }: Route.ActionArgs) =>
  personalDataPageAction(await requireSuperAdmin(request), request);

export default function PersonalData({ loaderData, actionData }: Route.ComponentProps) {
  const { key, problem, records } = loaderData;
  useActionReply(actionData);
  const exportHref = personalDataExportHref(key);
  const held = records ? records.messages.length + records.applications.length : 0;
  return (
    <>
      <PageHeader
        title="Personal data"
        description="Everything the academy holds about one person: download it for them, or erase it at their request."
      />
      <Form
        method="get"
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-end dark:border-slate-800 dark:bg-slate-900"
      >
        <TextInput
          id="person-email"
          name="email"
          label="E-mail address"
          type="email"
          defaultValue={key.email}
          autoComplete="off"
        />
        <TextInput
          id="person-phone"
          name="phone"
          label="Phone number"
          type="tel"
          defaultValue={key.phone}
          autoComplete="off"
        />
        <Button type="submit">Look up</Button>
        <FormError errors={problem ? [problem] : undefined} />
      </Form>
      {records ? (
        <section aria-labelledby="held-heading" className="mt-6 grid gap-4">
          <h2 id="held-heading" className="text-lg font-bold">
            {held
              ? `${held} record${held === 1 ? "" : "s"} held`
              : "Nothing is held about this person."}
          </h2>
          <RecordTable
            caption="Messages"
            records={records.messages.map((row) => ({
              ...row,
              reference: formatReference(row.reference),
              about: formTypeNames[row.formType],
            }))}
          />
          <RecordTable
            caption="Applications"
            records={records.applications.map((row) => ({
              ...row,
              reference: formatApplicationReference(row.reference),
              about: `${row.courseTitle} · ${row.intakeLabel}`,
            }))}
          />
          {held ? (
            <div className="grid gap-4 md:grid-cols-2">
              <div className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
                <h3 className="font-bold">Download</h3>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  One JSON file with every record above, its history, the payments, refunds,
                  receipts and transfer proofs (as links to their files) and the e-mails sent.
                </p>
                <a href={exportHref} className={buttonClasses("outline", "md", "mt-3")} download>
                  <Download aria-hidden="true" className="h-4 w-4" />
                  Download everything
                </a>
              </div>
              <Form
                method="post"
                className="rounded-xl border border-red-200 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950"
              >
                <h3 className="font-bold text-red-900 dark:text-red-100">Erase</h3>
                <p className="mt-1 text-sm text-red-900 dark:text-red-100">
                  The records and amounts paid stay, so counts and reports stay true, but the name,
                  address, phone, texts, notes and transfer proofs are removed for good. This cannot
                  be undone.
                </p>
                <input type="hidden" name="intent" value="erase" />
                <input type="hidden" name="email" value={key.email} />
                <input type="hidden" name="phone" value={key.phone} />
                <TextInput
                  id="erase-confirm"
                  name="confirm"
                  label={`Type ${key.email || key.phone} to confirm`}
                  className="mt-3"
                  autoComplete="off"
                  required
                  error={errorsOf(actionData).confirm?.[0]}
                />
                <Button type="submit" variant="danger" className="mt-3">
                  Erase this person's data
                </Button>
              </Form>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
