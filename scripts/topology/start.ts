/**
 * `npm run topology`: nginx in front of two server instances on one PostgreSQL, on this machine,
 * until Ctrl-C. TOPOLOGY_PORT (default 3200) is where nginx listens; TOPOLOGY_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/comanda_topology) is created when missing.
 */
import { startTopology } from './topology.ts';

const port = Number(process.env.TOPOLOGY_PORT ?? 3200);
const databaseUrl =
  process.env.TOPOLOGY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/comanda_topology';

const topology = await startTopology({ port, databaseUrl });
console.log(`Comanda behind nginx: http://pizzaria.localhost:${port} and http://sakura.localhost:${port}`);
console.log(`instances: ${topology.instances.map((instance) => instance.url).join(', ')}`);
console.log(`logs and nginx.conf: ${topology.logDir}`);
const stop = async () => {
  await topology.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
