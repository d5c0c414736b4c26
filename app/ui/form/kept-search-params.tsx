import { useSearchParams } from "react-router";

/**
 * The page's query (the list's state, the open record) as hidden fields of a GET form, less
 * `except`: the form's own field, so that sending it without JavaScript changes only that.
 */
export function KeptSearchParams({ except }: { except: string }) {
  const [params] = useSearchParams();
  return (
    <>
      {[...params]
        .filter(([name]) => name !== except)
        .map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}
