import * as z from "zod/mini";
import { searchParam } from "~/lib/text/outside-text";
import { personKeySchema } from "./person-key";

/** The erase form: the person's key and the same key typed again. */
export const eraseSchema = z.object({
  ...personKeySchema.shape,
  confirm: searchParam(254),
});
