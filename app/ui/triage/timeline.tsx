/** The first row of a timeline cut to its latest entries: how many earlier ones are not shown. */
export function EarlierEntriesNote({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <li className="py-2 text-sm text-slate-600 italic dark:text-slate-400">
      {count.toLocaleString("en-NG")} earlier {count === 1 ? "entry" : "entries"} not shown
    </li>
  );
}
