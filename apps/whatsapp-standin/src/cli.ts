/*
 * `npm run whatsapp -- <list | reply <phone> <text…> | fail [count] [code]> [--url http://127.0.0.1:3102]`:
 * the stand-in Graph API's simulator from a terminal. `reply` writes to the store as the customer
 * with that phone; `fail` makes the next sends fail (Meta's 131000, or the code given: 130429…).
 */

import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: process.env.WHATSAPP_STANDIN_URL ?? 'http://127.0.0.1:3102' },
    name: { type: 'string' },
    number: { type: 'string' },
  },
});
const [command = 'list', ...rest] = positionals;
const base = values.url!.replace(/\/$/, '');

interface Listed {
  phoneNumberId: string;
  business: string;
  waId: string;
  name: string;
  messages: { direction: 'in' | 'out'; text: string; template: string | null; status: string; at: string }[];
}

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

if (command === 'list') {
  const conversations = (await (await fetch(`${base}/simulator/conversations`)).json()) as Listed[];
  if (conversations.length === 0) console.log('No conversations yet.');
  for (const conversation of conversations) {
    console.log(`${conversation.business} ↔ +${conversation.waId} (${conversation.name})`);
    for (const message of conversation.messages.slice(-10)) {
      const who = message.direction === 'in' ? '  cliente:' : '  loja:   ';
      console.log(
        `${who} ${message.template ? `[${message.template}] ` : ''}${message.text}  (${message.status})`,
      );
    }
  }
} else if (command === 'reply' && rest.length >= 2) {
  const [from = '', ...words] = rest;
  const response = await post('/simulator/reply', {
    from,
    text: words.join(' '),
    ...(values.name ? { name: values.name } : {}),
    ...(values.number ? { phone_number_id: values.number } : {}),
  });
  const body = (await response.json()) as { error?: string; id?: string };
  if (!response.ok) {
    console.error(`reply: ${body.error ?? response.status}`);
    process.exit(1);
  }
  console.log(`sent ${body.id} as +${from.replace(/\D/g, '')}`);
} else if (command === 'fail') {
  const [count = '1', code = '131000'] = rest;
  await post('/simulator/fail', { count: Number(count), code: Number(code) });
  console.log(`the next ${count} send(s) fail with ${code}`);
} else {
  console.error(
    'usage: npm run whatsapp -- <list | reply <phone> <text…> | fail [count] [code]> [--url …] [--name …] [--number phone-number-id]',
  );
  process.exit(2);
}
