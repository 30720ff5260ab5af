import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/*
 * The stand-in's state between restarts (the ledger, the card vaults): a JSON file per kind, written
 * whole through a temporary file and a rename so a crash never leaves half a file.
 */

/** The file's value, or null when there is none yet (or no file is kept). */
export function readStateFile<T>(file: string | null): T | null {
  if (!file) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

export function writeStateFile(file: string | null, value: unknown): void {
  if (!file) return;
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, JSON.stringify(value));
  renameSync(temporary, file);
}
