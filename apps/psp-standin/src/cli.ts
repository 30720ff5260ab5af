/*
 * `npm run psp -- <list | pay | fail | expire> [charge] [--amount centavos] [--url http://127.0.0.1:3100]`:
 * the stand-in PSP's simulator from a terminal. A charge is named by the stand-in's id, the
 * provider's id or the store's reference (the last column of `list`).
 */

import { parseArgs } from 'node:util';
import { formatBRL } from '@comanda/domain';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: process.env.PSP_STANDIN_URL ?? 'http://127.0.0.1:3100' },
    amount: { type: 'string' },
  },
});
const [command = 'list', key] = positionals;
const base = values.url!.replace(/\/$/, '');

interface Listed {
  id: string;
  shape: string;
  providerRef: string;
  reference: string;
  amount: number;
  status: string;
  description: string;
}

if (command === 'list') {
  const charges = (await (await fetch(`${base}/simulator/charges`)).json()) as Listed[];
  if (charges.length === 0) console.log('No charges yet.');
  for (const charge of charges) {
    console.log(
      [
        charge.id,
        charge.status.padEnd(8),
        formatBRL(charge.amount),
        charge.shape,
        charge.description,
        charge.reference,
      ].join('  '),
    );
  }
} else if (['pay', 'fail', 'expire'].includes(command) && key) {
  const response = await fetch(`${base}/simulator/charges/${encodeURIComponent(key)}/${command}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(values.amount ? { amount: Number(values.amount) } : {}),
  });
  const body = (await response.json()) as Listed | { error: string };
  if (!response.ok) {
    console.error(`${command} ${key}: ${'error' in body ? body.error : response.status}`);
    process.exit(1);
  }
  console.log(`${(body as Listed).id} is now ${(body as Listed).status}`);
} else {
  console.error('usage: npm run psp -- <list | pay | fail | expire> [charge] [--amount centavos] [--url …]');
  process.exit(2);
}
