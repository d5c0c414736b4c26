/** A private PDF (a receipt, a certificate) as a download; 404 for none. Never kept by a cache. */
export function pdfDownload(file: { filename: string; pdf: Uint8Array } | null) {
  if (!file) return new Response("Not found", { status: 404 });
  return new Response(Buffer.from(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "same-origin",
    },
  });
}
