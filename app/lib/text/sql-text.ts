/**
 * A `LIKE`/`ILIKE` pattern that matches `text` anywhere, with the pattern's own characters
 * (`%`, `_`, `\`) escaped so that a search for "50%" finds "50%" and not everything.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
