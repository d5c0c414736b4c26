import * as z from "zod/mini";
import { isUuid } from "../ids";
import { listSearch, type ParamValue } from "./list-search";

/**
 * A list page's state from its URL: each field of `schema` from the parameter of its name. Every
 * field falls back to its own default (`z.catch`), so a missing or bad value reads as the default.
 */
export function readListQuery<Schema extends z.ZodMiniObject>(
  schema: Schema,
  params: URLSearchParams,
): z.output<Schema> {
  const values = Object.keys(schema.shape).map((key) => [key, params.get(key) ?? undefined]);
  return schema.parse(Object.fromEntries(values));
}

/** A list's page number: a whole number from 1; anything else reads as the first page. */
export const pageParam = z.catch(
  z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)),
  1,
);

/**
 * One list page's URL, read and written by the same rules: `parse` reads the list's state (each
 * bad value falls back to its default), `defaultQuery` is what an empty query string reads as,
 * and `search` and `href` write a state back with the defaults left out. `open` names the
 * parameters beside the list's state (an open modal or message), left out while empty.
 */
export function listUrl<Schema extends z.ZodMiniObject, Open extends Record<string, ParamValue>>(
  path: string,
  schema: Schema,
  open: Open,
) {
  type Query = z.output<Schema>;
  type OpenValues = { readonly [Key in keyof Open]?: ParamValue };
  const parse = (params: URLSearchParams): Query => readListQuery(schema, params);
  const defaultQuery = parse(new URLSearchParams());
  const defaults: Record<string, ParamValue> = { ...defaultQuery, ...open };
  const search = (query: Query, opened: OpenValues = {}) =>
    listSearch({ ...query, ...opened }, defaults);
  const href = (query: Query, opened: OpenValues = {}) => `${path}${search(query, opened)}`;
  return { parse, defaultQuery, search, href };
}

/** The record a list page shows open beside it (`?id=<uuid>`); anything else opens none. */
export function openRecordId(params: URLSearchParams): string | null {
  const id = params.get("id");
  return isUuid(id) ? id : null;
}
