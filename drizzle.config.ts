import { defineConfig } from "drizzle-kit";

// Used only by `npm run db:generate` to write new forward-only migrations from the schema.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./src/server/db/migrations",
});
