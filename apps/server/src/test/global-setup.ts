/**
 * Vitest global setup of the projects that open server databases (server, agreement, abuse; on
 * PGlite and on PostgreSQL): migrates one template database per database kind and run, and
 * provides it to the test files, whose `openTestDatabase` copies it (docs/decisions/0039).
 *
 * The projects of one database kind share their template: the first one's setup makes it, the last
 * one's teardown removes it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  createPgliteTemplate,
  createPostgresTemplate,
  dropPostgresDatabase,
  type TestDatabaseTemplate,
} from './template-database.ts';

interface SharedTemplate {
  ready: Promise<TestDatabaseTemplate>;
  remove: () => Promise<void>;
  users: number;
}

// Each project loads this file in its own module runner: the templates live on the process.
const SHARED = Symbol.for('comanda.testDatabaseTemplates');
const processGlobals = globalThis as Record<symbol, Map<string, SharedTemplate> | undefined>;
if (!processGlobals[SHARED]) processGlobals[SHARED] = new Map();
const templates = processGlobals[SHARED];

function makeTemplate(serverUrl: string): Omit<SharedTemplate, 'users'> {
  const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'comanda-template-'));
    const file = path.join(dir, 'pgdata.tar');
    const removeNow = () => rmSync(dir, { recursive: true, force: true });
    // Also when the runner exits without its teardown (an interrupted run).
    process.once('exit', removeNow);
    const remove = async () => {
      process.off('exit', removeNow);
      removeNow();
    };
    const ready = (async () => {
      createPgliteTemplate(file);
      return { kind: 'pglite', file } as const;
    })();
    return { ready, remove };
  }
  const name = `comanda_template_${run}`;
  const ready = (async () => {
    await createPostgresTemplate(serverUrl, name);
    return { kind: 'postgres', serverUrl, name } as const;
  })();
  return { ready, remove: () => dropPostgresDatabase(serverUrl, name) };
}

export default async function setup(project: TestProject) {
  const serverUrl = project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
  let shared = templates.get(serverUrl);
  if (!shared) {
    shared = { ...makeTemplate(serverUrl), users: 0 };
    templates.set(serverUrl, shared);
  }
  shared.users += 1;
  const entry = shared;
  let template: TestDatabaseTemplate;
  try {
    template = await entry.ready;
  } catch (error) {
    await release(serverUrl, entry);
    throw error;
  }
  project.provide('testDatabaseTemplate', template);
  return () => release(serverUrl, entry);
}

async function release(serverUrl: string, entry: SharedTemplate) {
  entry.users -= 1;
  if (entry.users > 0) return;
  templates.delete(serverUrl);
  await entry.remove();
}
