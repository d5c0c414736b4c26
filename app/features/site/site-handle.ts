/** A public page asks for the tinted header with `export const handle = { tintedHeader: true }`. */
export type SiteHandle = { tintedHeader?: boolean };
