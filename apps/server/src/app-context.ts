import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { OrderEvents } from './lib/order-events.ts';
import type { SessionEnds } from './plugins/sessions.ts';

/** What every module receives: the app to add routes to and the shared infrastructure. */
export interface AppContext {
  app: FastifyInstance;
  config: Config;
  db: Database;
  database: DatabaseHandle;
  /** Order status events across instances (LISTEN/NOTIFY); see lib/order-events.ts. */
  orderEvents: OrderEvents;
  /** Sessions ended on this instance (logout, new password): their event streams close at once. */
  sessionEnds: SessionEnds;
  /** The clock; tests move it. */
  now: () => Date;
}
