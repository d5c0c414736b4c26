/**
 * Reads rows in batches of `batchSize` (`read` gives one: a limit and an offset over a total
 * order), yielding each batch that has rows, until one comes back short.
 */
export async function* inBatches<Row>(
  batchSize: number,
  read: (limit: number, offset: number) => Promise<Row[]>,
) {
  for (let offset = 0; ; offset += batchSize) {
    const rows = await read(batchSize, offset);
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
  }
}
