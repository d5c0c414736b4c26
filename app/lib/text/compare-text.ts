/**
 * Orders texts by their code units, as PostgreSQL's "C" collation and fixed-width keys
 * (timestamps as text, uuids) need; `localeCompare` would follow a locale's rules instead.
 */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
