import { SelectInput } from "../form/fields";

/** The staff's saved replies offered by title, posted as `savedReply` (the chosen reply's id). */
export function SavedReplySelect({
  id,
  savedReplies,
}: {
  id: string;
  savedReplies: readonly { id: string; title: string }[];
}) {
  return (
    <SelectInput
      id={id}
      name="savedReply"
      label="Saved reply"
      layout="action"
      className="flex-1"
      options={savedReplies.map((reply) => ({ value: reply.id, label: reply.title }))}
    />
  );
}
