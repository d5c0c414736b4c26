import pg from "pg";

/** One statement on its own connection, for the checks that read or prepare the database. */
export async function query<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values?: unknown[],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
