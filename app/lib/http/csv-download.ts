import { csvRow } from "~/lib/text/csv";

/**
 * A CSV file answered as it is read: the header row, then each batch of rows as the
 * generator gives it, so a long list never sits in memory whole. Cells pass csvCell's rules
 * (Lagos times, formulas neutralised, phone numbers as text).
 */
export function csvDownload<Row>({
  header,
  batches,
  cells,
  filename,
}: {
  header: readonly string[];
  batches: AsyncGenerator<Row[], void>;
  cells: (row: Row) => readonly unknown[];
  filename: string;
}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark, so spreadsheet programs read the names' accents as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(header)}`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((row) => csvRow(cells(row))).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
}
