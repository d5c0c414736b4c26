import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { ReplyClockBadge } from "~/features/reply-clock/reply-clock-badge";
import { Button } from "~/ui/button";
import { SelectInput } from "~/ui/form/fields";
import { TriageList } from "~/ui/triage/triage-list";
import { type InboxQuery, inboxHref } from "../list-url";
import type { InboxListItem } from "./inbox.server";
import { FormTypeBadge, PriorityBadge, StatusBadge } from "./message-badges";

type AdminOption = { id: string; name: string };

const bulkActions = [
  { value: "read", label: "Mark read" },
  { value: "archive", label: "Archive" },
  { value: "assign", label: "Assign to…" },
  { value: "delete", label: "Delete" },
];

function NoMessages() {
  return <p className="p-10 text-center text-slate-600 dark:text-slate-300">No messages found</p>;
}

/** The message list; its checkboxes belong to the bulk-action form above it. */
export function InboxList({
  items,
  query,
  openId,
  admins,
  now,
}: {
  items: InboxListItem[];
  query: InboxQuery;
  openId: string | null;
  admins: AdminOption[];
  /** The loader's time, so the clocks read the same on the server and in the browser. */
  now: string;
}) {
  const navigation = useNavigation();
  const [action, setAction] = useState("read");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "bulk";
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  if (items.length === 0) return <NoMessages />;
  return (
    <Form method="post" preventScrollReset onSubmit={() => setSelected(new Set())}>
      <input type="hidden" name="intent" value="bulk" />
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3 dark:border-slate-800">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={allSelected}
            onChange={(event) =>
              setSelected(
                event.currentTarget.checked ? new Set(items.map((item) => item.id)) : new Set(),
              )
            }
            className="h-4 w-4 accent-brand-700"
          />
          Select all on this page
        </label>
        <SelectInput
          id="bulk-action"
          name="bulkAction"
          label="Bulk action"
          layout="filter"
          compact
          value={action}
          onChange={(event) => setAction(event.currentTarget.value)}
          options={bulkActions}
        />
        {action === "assign" ? (
          <SelectInput
            id="bulk-assignee"
            name="assignedTo"
            label="Assign to"
            layout="filter"
            compact
            placeholder="Unassigned"
            options={admins.map((admin) => ({ value: admin.id, label: admin.name }))}
          />
        ) : null}
        <Button
          type="submit"
          size="sm"
          variant={action === "delete" ? "danger" : "outline"}
          disabled={busy}
        >
          {busy ? "Applying..." : `Apply to selected${selected.size ? ` (${selected.size})` : ""}`}
        </Button>
      </div>
      <TriageList
        items={items}
        openId={openId}
        hrefFor={(id) => inboxHref(query, id)}
        dataAttribute="data-message-id"
        row={(item) => ({
          bold: item.status === "unread" ? "row" : undefined,
          leading: (
            <input
              type="checkbox"
              name="ids"
              value={item.id}
              checked={selected.has(item.id)}
              onChange={(event) => toggle(item.id, event.currentTarget.checked)}
              aria-label={`Select message from ${item.fullName}`}
              className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
            />
          ),
          name: item.fullName,
          badges: (
            <>
              <FormTypeBadge formType={item.formType} />
              <StatusBadge status={item.status} />
              {item.priority !== "normal" ? <PriorityBadge priority={item.priority} /> : null}
              <ReplyClockBadge message={item} now={now} short />
            </>
          ),
          at: item.createdAt,
          about: item.subject ?? item.courseInterest ?? item.inquiryType ?? "(no subject)",
          details: (
            <>
              {item.preview || item.email}
              {item.assignedName ? ` · Assigned to ${item.assignedName}` : ""}
            </>
          ),
        })}
      />
    </Form>
  );
}
