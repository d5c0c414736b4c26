/** The first word of a full name, for a greeting ('Hello Chiamaka,'); '' for a blank name. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/u)[0] ?? "";
}
