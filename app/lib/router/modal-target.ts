import { isUuid } from "../ids";

/** The modals a list page opens over itself (docs/decisions/0010). */
export type ListModal = "create" | "edit" | "delete" | "cancel";

/**
 * An open modal as a list URL names it: `?modal=create`, or `?modal=edit|delete|cancel&id=<uuid>`.
 * The one type for the links that open a modal; `readModalTarget` reads it back.
 */
export type ModalState = { modal?: ListModal; id?: string };

/** What a list URL's modal parameters read as when none is open: left out of the URL. */
export const closedModal = { modal: "", id: "" } as const;

/** The modal a list page shows, and the record it is about (edit and delete only). */
type ModalTarget<Record> =
  | { modal: null; target: null }
  | { modal: "create"; target: null }
  | { modal: Exclude<ListModal, "create">; target: Record };

/**
 * The modal the URL opens over a list: `?modal=create`, or `?modal=edit|delete|cancel&id=<uuid>` for a
 * record that `find` returns and `opens` accepts. Anything else opens nothing.
 */
export async function readModalTarget<Record>(
  params: URLSearchParams,
  find: (id: string) => Promise<Record | null>,
  opens: (target: Record) => boolean = () => true,
): Promise<ModalTarget<Record>> {
  const modal = params.get("modal");
  if (modal === "create") return { modal, target: null };
  const id = params.get("id");
  if ((modal !== "edit" && modal !== "delete" && modal !== "cancel") || !isUuid(id))
    return { modal: null, target: null };
  const target = await find(id);
  return target && opens(target) ? { modal, target } : { modal: null, target: null };
}
