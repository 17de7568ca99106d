import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes SQL migrations that both PGlite and PostgreSQL apply at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
