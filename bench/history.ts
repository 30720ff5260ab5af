/**
 * The order history's search (docs/decisions/0049): how long GET /staff/orders/history takes over a
 * store with 20,000 orders of 2,000 customers spread over a year, for each kind of filter and for a
 * page deep in the list. The orders are written straight into the database (placing 20,000 through
 * the API would time the placement, not the search). Runs the server on a fresh PostgreSQL database
 * (TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test). Prints a table; asserts nothing.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { benchStaffToken, percentile, printTable, startBenchStore } from './support.ts';

const PORT = 3894;
const HOST = `pizzaria.localhost:${PORT}`;
const ORDERS = Number(process.env.BENCH_HISTORY_ORDERS ?? 20_000);
const CUSTOMERS = Math.max(1, Math.round(ORDERS / 10));
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 40);

export async function runHistoryBench() {
  const bench = await startBenchStore('history', PORT);
  const { server, store } = bench;
  const direct = new pg.Client({ connectionString: bench.databaseUrl });
  await direct.connect();
  try {
    const token = await benchStaffToken(bench, {
      phone: '11955559999',
      name: 'Equipe Bench',
      role: 'attendant',
      host: HOST,
    });

    // The customers get consecutive ids (one insert, one sequence): the orders pick theirs by arithmetic.
    await direct.query(
      `insert into customers (store_id, phone, phone_country, nome, password_hash, privacy_token,
         password_changed_at, created_at, updated_at)
       select $1, '119' || lpad(g::text, 8, '0'), 'BR',
         (array['José','Maria','João','Ana','Conceição','Luíza','André','Beatriz'])[1 + g % 8] || ' ' ||
         (array['Souza','Silva','Gonçalves','Araújo','Pereira','Lima','Ribeiro','Fonseca'])[1 + (g / 8) % 8] ||
         ' ' || g,
         'x', md5(g::text), now(), now(), now()
       from generate_series(1, $2::int) g`,
      [store.id, CUSTOMERS],
    );
    await direct.query(
      `insert into orders (store_id, customer_id, status, dh_iniciado, tipo_entrega, forma_entrada,
         total_produtos, acrescimo, valor_entrega, total, payment_method_id, forma_pagamento_nome,
         estimated_at, updated_at)
       select $1, first.id + (g * 7919) % $3,
         (array['Entregue','Entregue','Entregue','Cancelado','Concluido'])[1 + g % 5],
         now() - (g * interval '26 minutes'),
         (array['Entregar','Retirada','Vem comer'])[1 + g % 3], 'app',
         3000 + g % 5000, 0, 500, 3500 + g % 5000,
         1 + g % 4, (array['Dinheiro','Cartão de crédito','Cartão de débito','PIX'])[1 + g % 4],
         now(), now()
       from generate_series(1, $2::int) g,
         (select min(id) as id from customers where store_id = $1 and password_hash = 'x') first`,
      [store.id, ORDERS, CUSTOMERS],
    );
    await direct.query('analyze orders; analyze customers');

    const { rows } = await direct.query<{ id: number; phone: string }>(
      `select o.id, c.phone from orders o join customers c on c.id = o.customer_id
       where o.store_id = $1 order by o.dh_iniciado desc, o.id desc offset $2 limit 1`,
      [store.id, Math.floor(ORDERS / 2)],
    );
    const middle = rows[0]!;
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const queries: [string, string][] = [
      ['latest 20, no filter', ''],
      ['by number', `number=${middle.id}`],
      ['by phone (last 8 digits)', `phone=${middle.phone.slice(-8)}`],
      ['by name, accents ignored ("goncalves")', 'name=goncalves'],
      ['by name, rare ("conceicao araujo 1")', `name=${encodeURIComponent('conceicao araujo 1')}`],
      ['last 30 days', `from=${monthAgo}&to=${today}`],
      ['status Cancelado', 'status=Cancelado'],
      ['channel delivery + payment PIX', 'channel=delivery&payment=4'],
      ['page after the middle order', `before=${middle.id}`],
    ];
    const results: Record<string, string | number>[] = [];
    for (const [label, query] of queries) {
      const times: number[] = [];
      let found = 0;
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        const response = await fetch(`${server.url}/staff/orders/history?${query}`, {
          headers: { host: HOST, authorization: `Bearer ${token}` },
        });
        const body = (await response.json()) as { results: unknown[] };
        times.push(performance.now() - started);
        if (!response.ok) throw new Error(`${query}: ${response.status} ${JSON.stringify(body)}`);
        found = body.results.length;
      }
      results.push({
        search: label,
        results: found,
        p50: `${percentile(times, 50).toFixed(1)} ms`,
        p99: `${percentile(times, 99).toFixed(1)} ms`,
      });
    }
    printTable(
      `GET /staff/orders/history over ${ORDERS} orders of ${CUSTOMERS} customers, ${RUNS} runs each, PostgreSQL`,
      results,
    );
  } finally {
    await direct.end();
    await bench.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runHistoryBench();
