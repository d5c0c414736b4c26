import { isUuid } from "../ids";

/** The modal a list page shows, and the record it is about (edit and delete only). */
type ModalTarget<Record> =
  | { modal: null; target: null }
  | { modal: "create"; target: null }
  | { modal: "edit" | "delete"; target: Record };

/**
 * The modal the URL opens over a list (docs/decisions/0010): `?modal=create`, or
 * `?modal=edit|delete&id=<uuid>` for a record that `find` returns and `opens` accepts.
 * Anything else opens nothing.
 */
export async function readModalTarget<Record>(
  params: URLSearchParams,
  find: (id: string) => Promise<Record | null>,
  opens: (target: Record) => boolean = () => true,
): Promise<ModalTarget<Record>> {
  const modal = params.get("modal");
  if (modal === "create") return { modal, target: null };
  const id = params.get("id");
  if ((modal !== "edit" && modal !== "delete") || !isUuid(id)) return { modal: null, target: null };
  const target = await find(id);
  return target && opens(target) ? { modal, target } : { modal: null, target: null };
}
