import { parseArgs } from 'node:util';
import { StandinCloudPrinter } from './standin-printer.ts';

/*
 * npm run printer:standin -- --url http://pizzaria.localhost:3000/integracoes/cloudprnt --id cp-… --secret …
 * A stand-in Star CloudPRNT printer (docs/decisions/0054): polls the server until stopped and writes
 * every ticket it receives to --out (default ./.data/printer-standin), one file per job.
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    id: { type: 'string' },
    secret: { type: 'string' },
    out: { type: 'string', default: './.data/printer-standin' },
    'interval-ms': { type: 'string', default: '5000' },
    status: { type: 'string', default: '200 OK' },
  },
});

if (!values.url || !values.id || !values.secret) {
  console.error(
    'usage: npm run printer:standin -- --url <CloudPRNT URL> --id <login> --secret <secret> [--out dir] [--interval-ms 5000] [--status "200 OK"]',
  );
  process.exit(2);
}

const printer = new StandinCloudPrinter({
  url: values.url,
  login: values.id,
  secret: values.secret,
  outDir: values.out,
  pollIntervalMs: Number(values['interval-ms']),
  statusCode: values.status,
  onJob: (job) =>
    console.log(`${job.receivedAt.toISOString()} ticket ${job.token ?? ''} → ${job.file}\n${job.content}`),
});
printer.start();
console.log(
  `polling ${values.url} every ${values['interval-ms']} ms as ${values.id}; tickets go to ${values.out}`,
);
process.on('SIGINT', () => {
  void printer.stop().then(() => process.exit(0));
});
