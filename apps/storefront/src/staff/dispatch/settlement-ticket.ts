import { type TicketBlock, type TicketDocument, ticketMoney } from '@comanda/domain';
import type { Settlement } from '../../lib/dispatch-types.ts';
import { bandLabel, netDirection, settlementTotals } from './courier-form-model.ts';
import type { DispatchT } from './dispatch-texts.ts';

/** '2026-11-27' → '27/11/2026'. */
export function dayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** A settlement row's band line in words: 'até 3 km', '3–6 km', 'acima de 6 km'. */
export function bandText(bands: readonly { ate_km: number | null }[], index: number, t: DispatchT): string {
  if (bands.length === 1 && bands[0]?.ate_km === null) return t('bandAll');
  const { from, to } = bandLabel(bands, index);
  if (to === null) return from === null ? t('bandAll') : t('bandLast', { from });
  return from === null ? t('bandFirst', { to }) : t('bandMiddle', { from, to });
}

/**
 * The day's settlement on the 80 mm roll, through the tickets' print path: per courier the
 * deliveries by band, the daily rate, what is owed, the cash collected and who pays whom.
 */
export function settlementTicket(settlement: Settlement, storeName: string, t: DispatchT): TicketDocument {
  const blocks: TicketBlock[] = [
    { type: 'banner', text: storeName },
    { type: 'large', text: t('settlementPrintTitle', { day: dayText(settlement.dia) }) },
  ];
  for (const row of settlement.entregadores) {
    const net = netDirection(row.liquido);
    blocks.push(
      { type: 'rule' },
      { type: 'text', text: row.entregador.nome, strong: true },
      { type: 'text', text: t('deliveries', { count: row.entregas }) },
      {
        type: 'totals',
        rows: [
          ...row.por_faixa.flatMap((band, index) =>
            band.entregas === 0
              ? []
              : [{ label: `${band.entregas}× ${bandText(row.por_faixa, index, t)}`, amount: band.valor }],
          ),
          ...(row.diaria > 0 ? [{ label: t('dailyRate'), amount: row.diaria }] : []),
          { label: t('owed'), amount: row.devido, strong: true },
          { label: t('cashCollected'), amount: -row.dinheiro_coletado },
        ],
      },
      {
        type: 'text',
        strong: true,
        text: net.who === 'even' ? t('even') : t(net.who, { amount: ticketMoney(net.amount) }),
      },
    );
  }
  const totals = settlementTotals(settlement.entregadores);
  blocks.push(
    { type: 'rule' },
    { type: 'text', text: t('totals'), strong: true },
    {
      type: 'totals',
      rows: [
        { label: t('owed'), amount: totals.devido },
        { label: t('cashCollected'), amount: -totals.dinheiro_coletado },
      ],
    },
  );
  return { kind: 'register', orderId: 0, stationId: null, blocks };
}
