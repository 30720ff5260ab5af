/**
 * The period report (issue 33, docs/decisions/0061): how long GET /staff/reports/period takes over a
 * busy store's year (100,000 orders of 10,000 customers, three lines each, with their ledger entries:
 * a sale each, a reversal for the cancelled ones, and table shares), for a year, a month and a day.
 * The rows are written straight into the database (placing them through the API would time the
 * placement). Runs the server on a fresh PostgreSQL database (TEST_DATABASE_URL, or
 * postgres://postgres@127.0.0.1:5432/test). Prints a table; the target is a year under 500 ms.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { benchStaffToken, percentile, printTable, startBenchStore } from './support.ts';

const PORT = 3897;
const HOST = `pizzaria.localhost:${PORT}`;
const ORDERS = Number(process.env.BENCH_REPORTS_ORDERS ?? 100_000);
const CUSTOMERS = Math.max(1, Math.round(ORDERS / 10));
const RUNS = Number(process.env.BENCH_REPORTS_RUNS ?? 20);
const YEAR_MINUTES = 365 * 24 * 60;

const day = (msAgo: number) => new Date(Date.now() - msAgo - 3 * 3_600_000).toISOString().slice(0, 10);

export async function runReportsBench() {
  // BENCH_REPORTS_KEEP=1 keeps the seeded database to study the plans (its name is printed).
  const bench = await startBenchStore('reports', PORT, Boolean(process.env.BENCH_REPORTS_KEEP));
  const { server, store } = bench;
  const direct = new pg.Client({ connectionString: bench.databaseUrl });
  await direct.connect();
  try {
    const token = await benchStaffToken(bench, {
      phone: '11955559998',
      name: 'Gerente Bench',
      role: 'manager',
      host: HOST,
    });

    const seeded = performance.now();
    await direct.query(
      `insert into customers (store_id, phone, phone_country, nome, password_hash, privacy_token,
         password_changed_at, created_at, updated_at)
       select $1, '119' || lpad(g::text, 8, '0'), 'BR', 'Cliente ' || g, 'x', md5(g::text), now(), now(), now()
       from generate_series(1, $2::int) g`,
      [store.id, CUSTOMERS],
    );
    // A year of orders, spread evenly, busier at lunch and dinner; one in 20 cancelled, one in 10 a table round.
    await direct.query(
      `insert into orders (store_id, customer_id, status, dh_iniciado, tipo_entrega, forma_entrada, channel,
         total_produtos, acrescimo, valor_entrega, desconto_cupom, total, payment_method_id,
         forma_pagamento_nome, estimated_at, updated_at)
       select $1, first.id + (g * 7919) % $3,
         case when g % 20 = 0 then 'Cancelado' else 'Entregue' end,
         now() - (g::float8 / $2 * $4) * interval '1 minute',
         (array['Entregar','Retirada','Vem comer'])[1 + g % 3], 'app',
         (array['app','app','balcao','telefone','garcom'])[1 + g % 5],
         3000 + g % 5000, 300, case when g % 3 = 0 then 500 else 0 end, case when g % 7 = 0 then 200 else 0 end,
         3300 + g % 5000 + case when g % 3 = 0 then 500 else 0 end - case when g % 7 = 0 then 200 else 0 end,
         1 + g % 4, (array['Dinheiro','Cartão de crédito (na entrega)','Cartão de débito (na entrega)','PIX (chave da loja)'])[1 + g % 4],
         now(), now()
       from generate_series(1, $2::int) g,
         (select min(id) as id from customers where store_id = $1 and password_hash = 'x') first`,
      [store.id, ORDERS, CUSTOMERS, YEAR_MINUTES],
    );
    await direct.query(
      `insert into order_lines (order_id, store_id, seq, product_id, descricao_produto, descricao_categoria,
         produto_valor, valor_adicionais, qtd, valor_total, itens_pedidos)
       select o.id, o.store_id, s, p.id, p.descricao, c.descricao, 1000, 100, 1, 1100, '[]'::jsonb
       from orders o cross join generate_series(0, 2) s
         cross join lateral (select pr.id, pr.descricao, pr.category_id from products pr
           where pr.store_id = o.store_id order by pr.id offset ((o.id + s) % 10) limit 1) p
         join categories c on c.id = p.category_id
       where o.store_id = $1`,
      [store.id],
    );
    await direct.query(
      `insert into ledger_entries (store_id, at, kind, order_id, channel, delivery_type, payment_method_id,
         payment_name, online, products, extras, delivery_fee, service_fee, discount, amount)
       select store_id, dh_iniciado, 'venda', id, channel, tipo_entrega, payment_method_id, forma_pagamento_nome,
         false, total_produtos, acrescimo, valor_entrega, 0, desconto_cupom, total
       from orders where store_id = $1`,
      [store.id],
    );
    await direct.query(
      `insert into ledger_entries (store_id, at, kind, order_id, channel, delivery_type, payment_method_id,
         payment_name, online, products, extras, delivery_fee, service_fee, discount, amount)
       select store_id, dh_iniciado + interval '10 minutes', 'estorno', id, channel, tipo_entrega, payment_method_id,
         forma_pagamento_nome, false, -total_produtos, -acrescimo, -valor_entrega, 0, -desconto_cupom, -total
       from orders where store_id = $1 and status = 'Cancelado'`,
      [store.id],
    );
    await direct.query('analyze');
    const seedSeconds = ((performance.now() - seeded) / 1000).toFixed(1);

    const ranges: [string, string, string][] = [
      ['a year', day(364 * 86_400_000), day(0)],
      ['30 days', day(29 * 86_400_000), day(0)],
      ['today', day(0), day(0)],
    ];
    const results: Record<string, string | number>[] = [];
    for (const [label, from, to] of ranges) {
      const times: number[] = [];
      let sales = 0;
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        const response = await fetch(`${server.url}/staff/reports/period?from=${from}&to=${to}`, {
          headers: { host: HOST, authorization: `Bearer ${token}` },
        });
        const body = (await response.json()) as { current: { revenue: number; sales: number } };
        times.push(performance.now() - started);
        if (!response.ok) throw new Error(`${label}: ${response.status} ${JSON.stringify(body)}`);
        sales = body.current.sales;
      }
      results.push({
        period: `${label} (${from} to ${to})`,
        sales,
        p50: `${percentile(times, 50).toFixed(1)} ms`,
        p99: `${percentile(times, 99).toFixed(1)} ms`,
      });
    }
    printTable(
      `GET /staff/reports/period over ${ORDERS} orders (${ORDERS * 3} lines) of ${CUSTOMERS} customers, seeded in ${seedSeconds} s, ${RUNS} runs each, PostgreSQL (target: a year under 500 ms)`,
      results,
    );
  } finally {
    await direct.end();
    await bench.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runReportsBench();
