// A list page's query string, written without any validation library: the public catalogue
// builds its links with it, and zod stays out of the pages that only link.

export type ParamValue = string | number | null | undefined;

/**
 * The query string of a list page's state ("" when it has none): each value in the order of
 * `defaults`, left out when it is empty or equal to its default, so shared links stay short
 * and one state has one URL.
 */
export function listSearch<Defaults extends Record<string, ParamValue>>(
  values: { readonly [Key in keyof Defaults]?: ParamValue },
  defaults: Defaults,
): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaults)) {
    const value = values[key];
    if (value === undefined || value === null || value === "" || value === defaults[key]) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** A list page's URL: its path and `listSearch` of its state. */
export function listHref<Defaults extends Record<string, ParamValue>>(
  path: string,
  values: { readonly [Key in keyof Defaults]?: ParamValue },
  defaults: Defaults,
): string {
  return `${path}${listSearch(values, defaults)}`;
}
