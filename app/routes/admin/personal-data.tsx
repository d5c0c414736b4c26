import Download from "lucide-react/icons/download";
import { Form, href } from "react-router";
import { formatApplicationReference } from "~/features/applications/application-rules";
import { requireSuperAdmin } from "~/features/auth/session.server";
import { formTypeNames } from "~/features/messages/form-types";
import { formatReference } from "~/features/messages/reference";
import {
  type PersonKey,
  personalDataMessages,
  personKeyProblem,
  personKeySchema,
} from "~/features/people/person-key";
import { erasePerson, findPersonRecords } from "~/features/people/personal-data.server";
import { eraseSchema } from "~/features/people/schema";
import { PageHeader } from "~/features/portal/page-header";
import { formatDateTime } from "~/lib/format/dates";
import { failureReply, refusalReply } from "~/lib/forms/action-reply.server";
import { readForm } from "~/lib/forms/request-form.server";
import { redirectWithFlash } from "~/lib/router/flash.server";
import { listSearch } from "~/lib/router/list-href";
import { Button, buttonClasses } from "~/ui/button";
import { FormError, TextInput } from "~/ui/form/fields";
import { useActionReply } from "~/ui/form/use-action-reply";
import type { Route } from "./+types/personal-data";

export const meta: Route.MetaFunction = () => [{ title: "Personal data | Admin Portal" }];

const keyDefaults = { email: "", phone: "" };
const pageHref = (key: PersonKey) =>
  `${href("/admin-portal/personal-data")}${listSearch(key, keyDefaults)}`;

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

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireSuperAdmin(request);
  const parsed = eraseSchema.safeParse(Object.fromEntries(await readForm(request)));
  const problem = parsed.success
    ? personKeyProblem(parsed.data)
    : personalDataMessages.nothingAsked;
  if (!parsed.success || problem)
    return refusalReply(null, {
      status: 400,
      message: problem ?? personalDataMessages.nothingAsked,
    });
  const { confirm, ...key } = parsed.data;
  if (confirm !== key.email && confirm !== key.phone)
    return refusalReply(null, { status: 400, message: personalDataMessages.confirmRequired });
  try {
    await erasePerson(actor, key);
  } catch (error) {
    return failureReply(null, error, "Erasing a person's data");
  }
  return redirectWithFlash(pageHref(key), personalDataMessages.erased);
}

export default function PersonalData({ loaderData, actionData }: Route.ComponentProps) {
  const { key, problem, records } = loaderData;
  useActionReply(actionData);
  const exportHref = `${href("/admin-portal/personal-data/export")}${listSearch(key, keyDefaults)}`;
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
                <input type="hidden" name="email" value={key.email} />
                <input type="hidden" name="phone" value={key.phone} />
                <TextInput
                  id="erase-confirm"
                  name="confirm"
                  label={`Type ${key.email || key.phone} to confirm`}
                  className="mt-3"
                  autoComplete="off"
                  required
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

type HeldRecord = {
  reference: string;
  createdAt: Date | string;
  fullName: string;
  about: string;
  status: string;
};

/** One kind of record held about the person, a row each; nothing when none is held. */
function RecordTable({ caption, records }: { caption: string; records: HeldRecord[] }) {
  if (!records.length) return null;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-3 text-left font-bold">{caption}</caption>
        <thead>
          <tr className="text-slate-700 dark:text-slate-300">
            {["Reference", "Received (Lagos time)", "Name", "About", "Status"].map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.reference} className="border-t border-slate-100 dark:border-slate-800">
              {[
                record.reference,
                formatDateTime(record.createdAt),
                record.fullName,
                record.about,
                record.status,
              ].map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                <td key={index} className="px-4 py-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
