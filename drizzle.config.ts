import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL from the schema here; it never connects to a database.
// Migrations are applied by the app at start-up (app/db/migrate.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/index.ts",
  out: "./migrations",
});
