import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { hasCluster } from './pglite-cluster.ts';

describe('the embedded database on disk', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'comanda-cluster-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is created by a child process on first open, then reopened with the small buffers', async () => {
    const dir = path.join(root, 'pglite');
    expect(hasCluster(dir)).toBe(false);
    const first = openDatabase({ dataDir: root });
    expect(hasCluster(dir)).toBe(true);
    await first.migrate();
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    await first.close();

    const again = openDatabase({ dataDir: root });
    try {
      const kept = (await again.db.execute(sql`select note from kept`)) as unknown as {
        rows: { note: string }[];
      };
      expect(kept.rows).toEqual([{ note: 'still here' }]);
      const buffers = (await again.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: { shared_buffers: string }[];
      };
      expect(buffers.rows[0]!.shared_buffers).toBe('16MB');
    } finally {
      await again.close();
    }
  }, 60_000);
});
