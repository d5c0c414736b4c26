/** The first word of a full name, for a greeting ('Hello Chiamaka,'); '' for a blank name. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/u)[0] ?? "";
}

/** The first letters of the first and last word of a name: 'Ada Obi' is 'AO'. */
export function initialsOf(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}
