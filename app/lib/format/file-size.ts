const KB = 1024;
const MB = 1024 * KB;

const oneDecimal = new Intl.NumberFormat("en-NG", {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** `1.2 MB`, or `245.3 KB` under a megabyte, in the 1024-based units of the upload limits. */
export function formatFileSize(bytes: number): string {
  // Sizes that would round up to '1,024.0 KB' read as '1.0 MB'.
  return bytes < MB - KB / 20
    ? `${oneDecimal.format(bytes / KB)} KB`
    : `${oneDecimal.format(bytes / MB)} MB`;
}
