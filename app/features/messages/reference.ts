/** A message's reference as the visitor and staff see it: 'LTA-0001234'. */
export function formatReference(reference: number) {
  return `LTA-${String(reference).padStart(7, "0")}`;
}

const REFERENCE_MAX = 2_147_483_647; // the column is a PostgreSQL integer

/**
 * The reference a search names: 'LTA-0001234', 'lta 1234' or '1234'; null when the text is
 * not one.
 */
export function parseReference(text: string): number | null {
  const digits = text.trim().match(/^(?:lta[-\s]?)?(\d{1,10})$/i)?.[1];
  if (!digits) return null;
  const reference = Number(digits);
  return reference >= 1 && reference <= REFERENCE_MAX ? reference : null;
}
