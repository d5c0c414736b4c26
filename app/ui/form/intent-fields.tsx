/** The hidden fields a portal action reads first: what to do (`intent`) and to which record (`id`). */
export function IntentFields({ intent, id }: { intent: string; id: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
    </>
  );
}
