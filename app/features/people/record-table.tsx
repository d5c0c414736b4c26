import { formatDateTime } from "~/lib/format/dates";

export type HeldRecord = {
  reference: string;
  createdAt: Date | string;
  fullName: string;
  about: string;
  status: string;
};

/** One kind of record held about the person, a row each; nothing when none is held. */
export function RecordTable({ caption, records }: { caption: string; records: HeldRecord[] }) {
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
