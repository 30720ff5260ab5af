import { type ClosingCount, cashMovementsTotal, type RegisterMovementKind } from '../register.ts';
import { storeDateTimeText } from '../store-time.ts';
import type { TicketBlock, TicketDocument, TicketLanguage } from './ticket-document.ts';

/** A closed (or open) session as its report shows it; dates on the store's clock. */
export interface RegisterReport {
  sessionId: number;
  storeName: string;
  registerName: string;
  timeZone: string;
  openedAt: Date;
  openedBy: string | null;
  closedAt: Date | null;
  closedBy: string | null;
  openingFloat: number;
  movements: readonly {
    kind: RegisterMovementKind;
    amount: number;
    reason: string;
    at: Date;
    by: string | null;
  }[];
  count: ClosingCount;
}

const WORDS = {
  pt_br: {
    title: 'FECHAMENTO DE CAIXA',
    partial: 'CAIXA ABERTO (PARCIAL)',
    register: 'Caixa: {name}',
    opened: 'Aberto em {when} por {who}',
    closed: 'Fechado em {when} por {who}',
    float: 'Troco inicial',
    movements: 'Movimentações',
    noMovements: 'Nenhuma sangria ou suprimento.',
    sangria: 'Sangria',
    suprimento: 'Suprimento',
    drawer: 'Dinheiro: troco + suprimentos − sangrias',
    methods: 'Por forma de pagamento',
    takings: 'Recebido',
    expected: 'Esperado',
    counted: 'Contado',
    difference: 'Diferença',
    totals: 'TOTAIS',
    unknown: 'equipe',
  },
  en: {
    title: 'REGISTER CLOSING',
    partial: 'REGISTER OPEN (PARTIAL)',
    register: 'Register: {name}',
    opened: 'Opened {when} by {who}',
    closed: 'Closed {when} by {who}',
    float: 'Opening float',
    movements: 'Cash movements',
    noMovements: 'No cash taken out or put in.',
    sangria: 'Cash out',
    suprimento: 'Cash in',
    drawer: 'Cash: float + cash in − cash out',
    methods: 'By payment method',
    takings: 'Taken',
    expected: 'Expected',
    counted: 'Counted',
    difference: 'Difference',
    totals: 'TOTALS',
    unknown: 'staff',
  },
} as const;

/**
 * The closing report of a register session, as blocks for the 80 mm ticket (and read by the A4
 * sheet): store, register, who opened and closed it and when, the float, the movements, each
 * method's expected, counted and difference, and the totals.
 */
export function registerReportTicket(
  report: RegisterReport,
  language: TicketLanguage = 'pt_br',
): TicketDocument {
  const w = WORDS[language];
  const fill = (text: string, vars: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => vars[key] ?? '');
  const when = (at: Date) => storeDateTimeText(at, report.timeZone);
  const blocks: TicketBlock[] = [
    { type: 'banner', text: report.storeName },
    { type: 'large', text: report.closedAt ? w.title : w.partial },
    { type: 'text', text: fill(w.register, { name: report.registerName }), strong: true },
    {
      type: 'text',
      text: fill(w.opened, { when: when(report.openedAt), who: report.openedBy ?? w.unknown }),
    },
  ];
  if (report.closedAt) {
    blocks.push({
      type: 'text',
      text: fill(w.closed, { when: when(report.closedAt), who: report.closedBy ?? w.unknown }),
    });
  }
  blocks.push({ type: 'rule' }, { type: 'totals', rows: [{ label: w.float, amount: report.openingFloat }] });
  blocks.push({ type: 'text', text: w.movements, strong: true });
  if (report.movements.length === 0) blocks.push({ type: 'text', text: w.noMovements });
  for (const movement of report.movements) {
    blocks.push({
      type: 'totals',
      rows: [
        {
          label: `${storeDateTimeText(movement.at, report.timeZone).slice(11)} ${w[movement.kind]}`,
          amount: movement.kind === 'sangria' ? -movement.amount : movement.amount,
        },
      ],
    });
    blocks.push({ type: 'text', text: `  ${movement.reason}${movement.by ? ` (${movement.by})` : ''}` });
  }
  blocks.push({
    type: 'totals',
    rows: [{ label: w.drawer, amount: cashMovementsTotal(report.openingFloat, report.movements) }],
  });
  blocks.push({ type: 'rule' }, { type: 'text', text: w.methods, strong: true });
  for (const line of report.count.lines) {
    blocks.push({ type: 'text', text: line.name, strong: true });
    blocks.push({
      type: 'totals',
      rows: [
        { label: w.takings, amount: line.takings },
        { label: w.expected, amount: line.expected },
        ...(report.closedAt
          ? [
              { label: w.counted, amount: line.counted },
              { label: w.difference, amount: line.difference },
            ]
          : []),
      ],
    });
  }
  blocks.push({ type: 'rule' }, { type: 'text', text: w.totals, strong: true });
  blocks.push({
    type: 'totals',
    rows: [
      { label: w.expected, amount: report.count.expected },
      ...(report.closedAt
        ? [
            { label: w.counted, amount: report.count.counted },
            { label: w.difference, amount: report.count.difference, strong: true },
          ]
        : []),
    ],
  });
  return { kind: 'register', orderId: report.sessionId, stationId: null, blocks };
}
