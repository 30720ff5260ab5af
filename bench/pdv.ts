/**
 * Order entry by the staff (docs/decisions/0058): how long a phone order takes through the API as
 * the 'Novo pedido' screen makes it, one after another as an attendant types them: the customer
 * found by phone, then a 3-line order placed for them (a burger with its options, two cokes, a
 * water). Runs the compiled server on a fresh PostgreSQL database (TEST_DATABASE_URL, or
 * postgres://postgres@127.0.0.1:5432/test). Prints a table; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { type FullProduct, fullProduct } from '@comanda/contract';
import { buildCartLine, initialPicks, type Picks } from '@comanda/domain';
import { submission } from '../apps/server/src/test/submission.ts';
import { benchStaffToken, percentile, printTable, signUpCustomer, startBenchStore } from './support.ts';

const PORT = 3897;
const HOST = 'pizzaria.localhost';
const CUSTOMERS = Number(process.env.BENCH_PDV_CUSTOMERS ?? 40);
const RUNS = Number(process.env.BENCH_PDV_RUNS ?? 200);

async function call(url: string, init: RequestInit & { token?: string } = {}) {
  const res = await fetch(url, {
    ...init,
    headers: {
      host: HOST,
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.headers ?? {}),
    },
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The order's three lines, built as the screen builds them with the customer's product dialog. */
async function threeLines(baseUrl: string) {
  const list = (await call(`${baseUrl}/estoque/produtos_app?format=json`)) as {
    id: number;
    descricao: string;
  }[];
  const load = async (name: string) => {
    const id = list.find((p) => p.descricao === name)!.id;
    return fullProduct.parse(
      await call(`${baseUrl}/estoque/produtos_full_app/${id}?format=json`),
    ) as FullProduct;
  };
  const burger = await load('Burger Clássico');
  const picks: Record<number, Record<number, number>> = { ...initialPicks(burger, 'app') };
  for (const group of burger.grupos) {
    const item = group.grupo.lista_itens.find((candidate) => candidate.descricao === 'Ao ponto');
    if (item) picks[group.grupo.id] = { ...picks[group.grupo.id], [item.id]: 1 };
  }
  const lines = [
    buildCartLine(burger, picks as Picks, { channel: 'app', qtd: 1 }),
    buildCartLine(await load('Coca-Cola lata 350 ml'), {}, { channel: 'app', qtd: 2 }),
    buildCartLine(await load('Água mineral 500 ml'), {}, { channel: 'app', qtd: 1 }),
  ];
  return lines.map((line) => {
    if (!line.ok) throw new Error(JSON.stringify(line.error));
    return line.line;
  });
}

export async function runPdvBench() {
  const bench = await startBenchStore('pdv', PORT);
  const { server } = bench;
  try {
    const token = await benchStaffToken(bench, {
      phone: '11955558888',
      name: 'Atendente Bench',
      role: 'attendant',
      host: HOST,
    });
    const prefix = String(Date.now() % 100_000).padStart(5, '0');
    const phones: string[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const phone = `119${prefix}${String(i).padStart(3, '0')}`;
      await signUpCustomer(server.url, phone);
      phones.push(phone);
    }
    const lines = await threeLines(server.url);

    const lookups: number[] = [];
    const placements: number[] = [];
    const wholes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const phone = phones[i % phones.length]!;
      const started = performance.now();
      const found = (await call(`${server.url}/staff/customers?phone=${phone}`, { token })) as {
        customer: { id: number } | null;
      };
      const looked = performance.now();
      await call(`${server.url}/staff/orders`, {
        method: 'POST',
        token,
        headers: { 'idempotency-key': randomUUID() },
        body: JSON.stringify({ ...submission(found.customer!.id, lines), canal: 'telefone' }),
      });
      const placed = performance.now();
      lookups.push(looked - started);
      placements.push(placed - looked);
      wholes.push(placed - started);
    }
    const row = (what: string, values: number[]) => ({
      step: what,
      'p50 ms': percentile(values, 50).toFixed(1),
      'p99 ms': percentile(values, 99).toFixed(1),
    });
    printTable(`A 3-line phone order entered by an attendant, ${RUNS} one after another (PostgreSQL)`, [
      row('customer by phone', lookups),
      row('order placed', placements),
      row('whole entry', wholes),
    ]);
  } finally {
    await bench.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runPdvBench();
