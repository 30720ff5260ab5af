import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';

/** Where a command writes: standard output and standard error, or a test's lines. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface CliDeps {
  database: DatabaseHandle;
  env: NodeJS.ProcessEnv;
  io: CliIo;
}

/**
 * Runs a command against the configured database when its module is the script node was started
 * with (not when a test imports it): migrates first, closes the database after, exits with the
 * command's code.
 */
export function runAsDatabaseCli(
  moduleUrl: string,
  command: (args: string[], deps: CliDeps) => Promise<number>,
): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const run = async () => {
    const config = loadConfig();
    const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    try {
      await database.migrate();
      return await command(process.argv.slice(2), {
        database,
        env: process.env,
        io: { out: (line) => console.log(line), err: (line) => console.error(line) },
      });
    } finally {
      await database.close();
    }
  };
  run()
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
