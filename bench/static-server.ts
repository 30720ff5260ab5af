/** A plain static file server in its own process, the yardstick for the menu calls. */
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const [root, port] = process.argv.slice(2);
const app = Fastify();
await app.register(fastifyStatic, { root: root! });
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
