import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import ArrowUpDown from "lucide-react/icons/arrow-up-down";
import { Link } from "react-router";
import type { Admin } from "~/db/schema";
import { formatShortDate } from "~/lib/format/dates";
import { cn } from "~/ui/cn";
import { DataTable } from "~/ui/list/data-table";
import { ActiveBadge, RowModalLink } from "~/ui/list/row-actions";
import type { AdminListQuery } from "./list-url";
import { adminListHref } from "./list-url";
import { adminRoleLabels, isSuperAdmin } from "./roles";
import type { AdminSortColumn } from "./schema";

const columns: { key: AdminSortColumn; label: string }[] = [
  { key: "name", label: "Name" },
  { key: "phone", label: "Phone" },
  { key: "role", label: "Role" },
  { key: "is_active", label: "Status" },
  { key: "created_at", label: "Created" },
];

function SortHeader({
  column,
  query,
}: {
  column: (typeof columns)[number];
  query: AdminListQuery;
}) {
  const active = query.sort === column.key;
  const nextDir = active && query.dir === "asc" ? "desc" : "asc";
  const Icon = !active ? ArrowUpDown : query.dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
      className="px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
    >
      <Link
        to={adminListHref({ ...query, sort: column.key, dir: nextDir, page: 1 })}
        preventScrollReset
        className="inline-flex items-center gap-1 hover:text-slate-900 dark:hover:text-white"
      >
        {column.label}
        <Icon aria-hidden="true" className="h-3.5 w-3.5" />
        <span className="sr-only">, sort {nextDir === "asc" ? "ascending" : "descending"}</span>
      </Link>
    </th>
  );
}

export function AdminsTable({
  admins,
  query,
  currentAdminId,
  canDelete,
}: {
  admins: Admin[];
  query: AdminListQuery;
  currentAdminId: string;
  canDelete: boolean;
}) {
  if (admins.length === 0) {
    return (
      <p className="px-4 py-12 text-center text-slate-600 dark:text-slate-300">No admins found</p>
    );
  }
  return (
    <div className="relative overflow-x-auto">
      <DataTable
        caption="Admin users"
        head={
          <>
            {columns.map((column) => (
              <SortHeader key={column.key} column={column} query={query} />
            ))}
            <th
              scope="col"
              className="px-4 py-3 text-right text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
            >
              Actions
            </th>
          </>
        }
      >
        {admins.map((admin) => (
          <tr key={admin.id} data-admin-email={admin.email}>
            <td className="px-4 py-3">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
                >
                  {admin.name.charAt(0).toUpperCase()}
                </span>
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 dark:text-white">{admin.name}</p>
                  <p className="truncate text-sm text-slate-600 dark:text-slate-400">
                    {admin.email}
                  </p>
                </div>
              </div>
            </td>
            <td className="px-4 py-3 text-sm whitespace-nowrap">{admin.phone}</td>
            <td className="px-4 py-3">
              <span
                className={cn(
                  "rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap",
                  isSuperAdmin(admin) ? "bg-violet-100 text-violet-800" : "bg-sky-100 text-sky-800",
                )}
              >
                {adminRoleLabels[admin.role]}
              </span>
            </td>
            <td className="px-4 py-3">
              <ActiveBadge active={admin.isActive} className="py-1" />
            </td>
            <td className="px-4 py-3 text-sm whitespace-nowrap">
              {formatShortDate(admin.createdAt)}
            </td>
            <td className="px-4 py-3 text-right whitespace-nowrap">
              {admin.id === currentAdminId ? (
                <span className="text-sm text-slate-500 dark:text-slate-400">You</span>
              ) : (
                <div className="inline-flex gap-1">
                  <RowModalLink
                    to={adminListHref(query, { modal: "edit", id: admin.id })}
                    action="edit"
                    name={admin.name}
                  />
                  {canDelete && admin.isActive ? (
                    <RowModalLink
                      to={adminListHref(query, { modal: "delete", id: admin.id })}
                      action="delete"
                      name={admin.name}
                    />
                  ) : null}
                </div>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
