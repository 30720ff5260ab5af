import { formatBRL } from '@comanda/domain';
import type { FastifyInstance } from 'fastify';
import type { StandinCharge, StandinStatus } from './charges.ts';
import type { StandinContext } from './context.ts';

/*
 * The simulator: what a payer's bank app would do. A page lists the charges with buttons to pay,
 * fail or expire a pending one; the same actions are JSON calls for the CLI and the tests.
 * Local only: the stand-in listens on loopback.
 */

const ACTIONS = { pay: 'paid', fail: 'failed', expire: 'expired' } as const satisfies Record<
  string,
  StandinStatus
>;
type Action = keyof typeof ACTIONS;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STATUS_TEXT: Record<StandinStatus, string> = {
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  failed: 'Recusado',
  expired: 'Expirado',
  canceled: 'Cancelado',
  refunded: 'Estornado',
};

function page(charges: StandinCharge[]): string {
  const rows = charges
    .map(
      (charge) => `<tr>
  <td><code>${escapeHtml(charge.id)}</code><br><small>${escapeHtml(charge.shape)} · ${escapeHtml(charge.providerRef)}</small></td>
  <td>${escapeHtml(charge.description)}</td>
  <td class="money">${formatBRL(charge.amount)}</td>
  <td>${STATUS_TEXT[charge.status]}</td>
  <td>${
    charge.status === 'pending'
      ? (Object.keys(ACTIONS) as Action[])
          .map(
            (action) =>
              `<form method="post" action="/simulator/charges/${encodeURIComponent(charge.id)}/${action}"><button>${
                { pay: 'Pagar', fail: 'Recusar', expire: 'Expirar' }[action]
              }</button></form>`,
          )
          .join('')
      : ''
  }</td>
</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5"><title>PSP local (simulador)</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#f6f7f9;color:#1b1d21}
h1{font-size:1.25rem;margin:0 0 4px}p{margin:0 0 16px;color:#555}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden}
td,th{padding:10px 12px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}
.money{white-space:nowrap}form{display:inline}button{margin:0 6px 6px 0;padding:6px 12px;border-radius:6px;border:1px solid #ccc;background:#fff;cursor:pointer}
</style></head><body>
<h1>PSP local: simulador de pagamentos PIX</h1>
<p>Cobranças criadas pela loja de demonstração. Pague, recuse ou expire uma cobrança pendente; a loja recebe a notificação assinada.</p>
<table><thead><tr><th>Cobrança</th><th>Descrição</th><th>Valor</th><th>Situação</th><th></th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">Nenhuma cobrança ainda.</td></tr>'}</tbody></table>
</body></html>`;
}

/** Finds a charge by the stand-in's id, the provider's id or the merchant's reference. */
export function findCharge(context: StandinContext, key: string): StandinCharge | undefined {
  return (
    context.book.get(key) ??
    context.book.list().find((charge) => charge.providerRef === key || charge.reference === key)
  );
}

export function registerSimulator(app: FastifyInstance, context: StandinContext): void {
  app.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(page(context.book.list())),
  );
  app.get('/simulator/charges', async () => context.book.list());
  app.post<{ Params: { key: string; action: string }; Body: { amount?: number } | undefined }>(
    '/simulator/charges/:key/:action',
    async (request, reply) => {
      const { key, action } = request.params;
      if (!(action in ACTIONS)) return reply.code(404).send({ error: 'unknown action' });
      const charge = findCharge(context, key);
      if (!charge) return reply.code(404).send({ error: 'unknown charge' });
      const amount = typeof request.body?.amount === 'number' ? request.body.amount : undefined;
      const moved = context.book.move(
        charge.id,
        ACTIONS[action as Action],
        amount === undefined ? {} : { amount },
      );
      if (!moved) return reply.code(409).send({ error: `the charge is ${charge.status}`, charge });
      if (request.headers.accept?.includes('text/html')) return reply.redirect('/');
      return moved;
    },
  );
}
