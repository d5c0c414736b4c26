import { useId, useState } from "react";
import { cn } from "~/ui/cn";
import { controlClasses, SelectInput } from "~/ui/form/fields";
import { iconGroups } from "../course-icons";

/**
 * The icon picker: search, a group filter, and the icons as one radio
 * group, so the keyboard works natively (Tab into the group, arrow keys to move).
 */
export function IconPicker({ name, defaultValue }: { name: string; defaultValue: string }) {
  const [selected, setSelected] = useState(defaultValue || "BookOpen");
  const [search, setSearch] = useState("");
  const [group, setGroup] = useState("");
  const id = useId();
  const needle = search.trim().toLowerCase();
  const visible = iconGroups
    .filter((entry) => !group || entry.name === group)
    .flatMap((entry) => Object.entries(entry.icons))
    .filter(([iconName]) => !needle || iconName.toLowerCase().includes(needle));
  // The chosen icon stays submittable even when the filter hides it.
  const hiddenSelection = !visible.some(([iconName]) => iconName === selected);

  return (
    <fieldset className="rounded-lg border border-slate-300 p-3 dark:border-slate-600">
      <legend className="px-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        Icon{" "}
        <span className="font-normal text-slate-600 dark:text-slate-400">
          (selected: {selected})
        </span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-search`} className="sr-only">
            Search icons
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") event.preventDefault();
            }}
            placeholder="Search icons..."
            className={controlClasses}
          />
        </div>
        <SelectInput
          id={`${id}-group`}
          label="Icon category"
          layout="filter"
          value={group}
          onChange={(event) => setGroup(event.currentTarget.value)}
          placeholder="All categories"
          options={iconGroups.map((entry) => entry.name)}
        />
      </div>
      {hiddenSelection ? <input type="hidden" name={name} value={selected} /> : null}
      <div
        role="radiogroup"
        aria-label="Icons"
        className="mt-3 grid max-h-60 grid-cols-6 gap-1.5 overflow-y-auto sm:grid-cols-8"
      >
        {visible.map(([iconName, Icon]) => (
          <label
            key={iconName}
            title={iconName}
            className={cn(
              "flex h-11 cursor-pointer items-center justify-center rounded-md border has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600",
              selected === iconName
                ? "border-brand-700 bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-200"
                : "border-slate-200 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800",
            )}
          >
            <input
              type="radio"
              name={name}
              value={iconName}
              checked={selected === iconName}
              onChange={() => setSelected(iconName)}
              className="sr-only"
            />
            <Icon aria-hidden="true" className="h-5 w-5" />
            <span className="sr-only">{iconName}</span>
          </label>
        ))}
        {visible.length === 0 ? (
          <p className="col-span-full py-4 text-center text-sm text-slate-600 dark:text-slate-400">
            No icons match.
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
