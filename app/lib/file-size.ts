const KB = 1024;
const MB = 1024 * KB;

const oneDecimal = new Intl.NumberFormat("en-NG", {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** `1.2 MB`, or `245.3 KB` under a megabyte, in the 1024-based units of the upload limits. */
export function formatFileSize(bytes: number): string {
  return bytes < MB ? `${oneDecimal.format(bytes / KB)} KB` : `${oneDecimal.format(bytes / MB)} MB`;
}
