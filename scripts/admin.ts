/**
 * `npm run admin -- <command>`: appoints super admins on the server's machine (issue 12); nothing in the API can.
 *
 *   npm run admin -- grant-super-admin <email>
 *   npm run admin -- revoke-super-admin <email>
 *   npm run admin -- import <zip> <email>
 *
 * `import` brings an open archive (the zip of GET /api/account/export/, issue 15) into the existing account with this
 * e-mail: its children become new profiles with their works and pictures (src/server/domain/archive-import.ts says
 * what is and is not re-created). Files go to the server's storage (DATA_DIR/media, or S3 with S3_BUCKET).
 *
 * It opens the database the server would (src/server/config.ts: DATABASE_URL's PostgreSQL, else the embedded
 * PGlite in DATA_DIR) and migrates it as the server does. The change holds at once, also for tokens already
 * issued (every request reads the account). PGlite is single-process: stop the server first (this refuses while
 * the database is open elsewhere); with PostgreSQL the server may keep running.
 *
 * Exit status: 0 done, 1 failed (no such account, a bad archive, the database in use or unreachable), 2 wrong usage.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { z } from 'zod';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant-super-admin <email>    make the account with this e-mail a super admin
  revoke-super-admin <email>   take the super admin role away from it
  import <zip> <email>         bring a Little Museum archive (Download everything) into this account

The database is the server's (DATABASE_URL, else DATA_DIR's embedded PGlite: stop the server first).`;

const COMMANDS = { 'grant-super-admin': true, 'revoke-super-admin': false } as const;
type Command = keyof typeof COMMANDS;

class Failure extends Error {}

type Parsed = { command: Command; email: string } | { command: 'import'; zip: string; email: string };

function parseArgs(args: string[]): Parsed | 'help' | null {
  if (args.length === 1 && ['help', '--help', '-h'].includes(args[0]!)) return 'help';
  if (args[0] === 'import') {
    const email = z.email().safeParse(args[2]?.trim().toLowerCase());
    return args.length === 3 && args[1]!.length > 0 && email.success ? { command: 'import', zip: args[1]!, email: email.data } : null;
  }
  if (args.length !== 2 || !(args[0]! in COMMANDS)) return null;
  const email = z.email().safeParse(args[1]!.trim().toLowerCase());
  if (!email.success) return null;
  return { command: args[0] as Command, email: email.data };
}

/** PGlite keeps `postmaster.pid` in its folder while a process has it open (the server removes it on shutdown). */
function assertPgliteFree(dataDir: string): void {
  const pidFile = join(dataDir, 'pglite', 'postmaster.pid');
  if (existsSync(pidFile)) {
    throw new Failure(
      `The database in ${join(dataDir, 'pglite')} is in use: stop the server first (the embedded database allows one process at a time).\n` +
        `If no server is running, the last one did not shut down cleanly: start it and stop it once (Ctrl+C), then try again.`,
    );
  }
}

/** Names from a zip may hold any character: the message stays one line. */
const oneLine = (text: string) => [...text].map((ch) => (ch < ' ' || ch === '\u007f' ? ' ' : ch)).join('');

/** The innermost error's message: drizzle wraps the database's error in one that quotes the whole query. */
function causeOf(err: unknown): string {
  let at = err;
  while (at instanceof Error && at.cause instanceof Error) at = at.cause;
  return at instanceof Error ? at.message : String(at);
}

/** `import <zip> <email>`: the archive's import, with the server's database and storage. */
async function runImport(zip: string, email: string): Promise<string> {
  const [{ loadConfig }, { openFromConfig }, { createStorage }, { importArchive, ImportError }] = await Promise.all([
    import('../src/server/config.ts'),
    import('../src/server/db/open.ts'),
    import('../src/server/adapters/storage.ts'),
    import('../src/server/domain/archive-import.ts'),
  ]);
  if (!existsSync(zip)) throw new Failure(`No file at ${zip}.`);
  const config = loadConfig();
  if (!config.databaseUrl) assertPgliteFree(config.dataDir);
  const database = openFromConfig(config);
  try {
    await database.migrate();
    const deps = { db: database.db, storage: await createStorage(config), clock: () => new Date() };
    // One line either way: what is wrong with the archive, or what failed (the database's own words, never the
    // query it ran). Nothing was written in both cases: the import is one transaction, its files discarded.
    const summary = await importArchive(deps, zip, email, (line) => console.log(line)).catch((err: unknown) => {
      if (err instanceof ImportError) throw new Failure(`cannot import ${zip}: ${oneLine(err.message)}`);
      throw new Failure(`cannot import ${zip}: nothing was imported (${oneLine(causeOf(err))})`);
    });
    const lines = [
      `Imported into ${summary.email}: ${summary.profiles.length} profile(s), ${summary.works} work(s), ${summary.pictures} picture(s).`,
      ...summary.profiles.map((p) => `  ${p.from} -> ${p.username} (profile ${p.id}): ${p.works} work(s)`),
      ...(summary.warnings.length ? ['Left out or changed:', ...summary.warnings.map((w) => `  - ${w}`)] : []),
      'Not re-created by design: likes (their counts stay in the zip), contest entries, organization memberships.',
    ];
    return lines.join('\n');
  } finally {
    await database.close();
  }
}

async function run(command: Command, email: string): Promise<string> {
  // Loaded only once the arguments are right: a usage error answers at once.
  const [{ eq }, { loadConfig }, { openFromConfig }, { users }] = await Promise.all([
    import('drizzle-orm'),
    import('../src/server/config.ts'),
    import('../src/server/db/open.ts'),
    import('../src/server/db/schema.ts'),
  ]);
  const config = loadConfig();
  if (!config.databaseUrl) assertPgliteFree(config.dataDir);
  const database = openFromConfig(config);
  try {
    await database.migrate();
    const grant = COMMANDS[command];
    const [user] = await database.db
      .update(users)
      .set({ isSuperAdmin: grant })
      .where(eq(users.email, email))
      .returning({ email: users.email, verified: users.emailVerifiedAt });
    if (!user) throw new Failure(`No account has the e-mail address ${email}; nothing was changed.`);
    const where = database.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : join(config.dataDir, 'pglite');
    const note = grant && !user.verified ? ' (the account has not confirmed its address yet, so it cannot log in until it does)' : '';
    return `${user.email} ${grant ? 'is now a super admin' : 'is no longer a super admin'}${note}. Database: ${where}.`;
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const parsed = parseArgs(process.argv.slice(2));
  if (parsed === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (!parsed) {
    console.error(USAGE);
    return 2;
  }
  try {
    console.log(parsed.command === 'import' ? await runImport(parsed.zip, parsed.email) : await run(parsed.command, parsed.email));
    return 0;
  } catch (err) {
    console.error(`admin: ${err instanceof Failure ? err.message : `failed: ${err instanceof Error ? err.message : String(err)}`}`);
    return 1;
  }
}

process.exitCode = await main();
