/** An e-mail address that wraps, where it must, after its '@' and never mid-word. */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
