import type { StaffTablesReply, TableCall } from '@comanda/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { useStaffT } from '../lib/staff-texts.ts';
import {
  minutesBefore,
  NOW,
  staffTableOf,
  staffTabOf,
  stubStaffApi,
  tableCallOf,
  tablesReplyOf,
} from '../lib/test-kit.ts';
import { CLOSING_TAB_REFRESH_MS } from './tab-detail.tsx';
import { TablesView } from './tables-view.tsx';

const NBSP = '\u00a0';

function View({
  reply,
  canManage = false,
  calls = [],
  onReload = async () => undefined,
  onAnswer = async () => undefined,
}: {
  reply: StaffTablesReply;
  canManage?: boolean;
  calls?: TableCall[];
  onReload?: () => Promise<void>;
  onAnswer?: (call: TableCall) => Promise<void>;
}) {
  const t = useStaffT();
  return (
    <TablesView
      t={t}
      canManage={canManage}
      reply={reply}
      failed={null}
      calls={calls}
      now={NOW}
      onReload={onReload}
      onAnswer={onAnswer}
    />
  );
}

const closing = (paid: (string | null)[]) =>
  staffTabOf({
    status: paid.every(Boolean) ? 'closed' : 'closing',
    divisao: 'even',
    fechada_em: paid.every(Boolean) ? NOW.toISOString() : null,
    partes: paid.map((pago_em, index) => ({
      id: 81 + index,
      parte: index + 1,
      valor: 4675,
      taxa_servico: 425,
      linhas: [],
      pago_em,
      forma_pagamento: pago_em ? 'Dinheiro' : null,
    })),
  });

beforeEach(() => {
  languageStore.set('pt_br');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the tables view', () => {
  it('lists the active tables in name order: free ones, and open ones with time, rounds, total, bill asked', () => {
    render(<View reply={tablesReplyOf()} />);
    const cards = screen.getAllByRole('button', { name: /^Mesa / });
    expect(cards.map((card) => card.querySelector('.staff-table-name')?.textContent)).toEqual([
      'Mesa 2',
      'Mesa 3',
      'Mesa 10',
    ]);
    expect(cards[0]).toHaveTextContent('Livre');
    expect(cards[1]?.textContent).toBe(`Mesa 3Aberta · há 25 min2 rodadasR$${NBSP}93,50Conta pedida`);
    expect(screen.getByText('A conta de uma mesa abre sozinha no primeiro pedido.')).toBeInTheDocument();
    expect(screen.getByText('Só gerentes e donos cadastram mesas e mudam as regras.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir QR codes' })).toBeNull();
  });

  it('shows a table’s calls on its card and on top, with Atender', async () => {
    const onAnswer = vi.fn(async () => undefined);
    const calls = [tableCallOf(5), tableCallOf(6, { kind: 'bill', table_id: 2, table_description: '2' })];
    render(<View reply={tablesReplyOf()} calls={calls} onAnswer={onAnswer} />);
    const list = screen.getByRole('region', { name: 'Chamados das mesas' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mesa 3 chamou o garçom · há 2 minAtender', 'Mesa 2 pediu a conta · há 2 minAtender']);
    expect(screen.getByRole('button', { name: /^Mesa 3 / })).toHaveTextContent('Chamou o garçom');
    expect(screen.getByRole('button', { name: /^Mesa 2 / })).toHaveTextContent('Conta pedida');
    await userEvent.click(screen.getByRole('button', { name: 'Atender: Mesa 2 pediu a conta' }));
    expect(onAnswer).toHaveBeenCalledWith(calls[1]);
  });

  it('opens a tab: rounds with their lines and the bill with the service fee', async () => {
    stubStaffApi({ 'GET /staff/tabs/40': { body: staffTabOf() } });
    render(<View reply={tablesReplyOf()} />);
    await userEvent.click(screen.getByRole('button', { name: /^Mesa 3 / }));
    const tab = await screen.findByRole('region', { name: 'Mesa 3' });
    expect(within(tab).getByText('Aberta às 19:35 (há 25 min)')).toBeInTheDocument();
    const round = within(tab).getByRole('region', { name: 'Rodada 1' });
    expect(round).toHaveTextContent('1× Pizza Margherita · Borda de catupiryR$ 40,00');
    expect(round).toHaveTextContent('2× Chopp');
    expect(within(tab).getByText('Taxa de serviço (10%)').nextSibling?.textContent).toBe(`R$${NBSP}8,50`);
    expect(within(tab).getByText('Total').nextSibling?.textContent).toBe(`R$${NBSP}93,50`);
    expect(within(tab).getByText('Conta pedida')).toBeInTheDocument();
  });

  it('a share also paid by PIX in the app after the counter says the money is to give back', async () => {
    const tab = closing(['2026-11-20T23:00:00.000Z', null]);
    tab.partes[0]!.pix_a_devolver = 4675;
    stubStaffApi({ 'GET /staff/tabs/40': { body: tab } });
    render(<View reply={tablesReplyOf({ tables: [staffTableOf(3, 'Mesa 3', tab)] })} />);
    await userEvent.click(screen.getByRole('button', { name: /^Mesa 3 / }));
    expect(
      await screen.findByText('Também paga por PIX no app (R$ 46,75): devolva ao cliente'),
    ).toBeInTheDocument();
  });

  it('a share also paid by card in the app after the counter says to refund it at the provider', async () => {
    const tab = closing(['2026-11-20T23:00:00.000Z', null]);
    tab.partes[0]!.cartao_a_devolver = 4675;
    stubStaffApi({ 'GET /staff/tabs/40': { body: tab } });
    render(<View reply={tablesReplyOf({ tables: [staffTableOf(3, 'Mesa 3', tab)] })} />);
    await userEvent.click(screen.getByRole('button', { name: /^Mesa 3 / }));
    expect(
      await screen.findByText('Também paga com cartão no app (R$ 46,75): estorne no painel do provedor'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Também paga por PIX/)).toBeNull();
  });

  it('a share a guest pays by PIX in the app shows on the open tab within seconds, without a reload', async () => {
    const api = stubStaffApi({ 'GET /staff/tabs/40': { body: closing([null, null]) } });
    render(<View reply={tablesReplyOf({ tables: [staffTableOf(3, 'Mesa 3', closing([null, null]))] })} />);
    await userEvent.click(screen.getByRole('button', { name: /^Mesa 3 / }));
    const shares = await screen.findByRole('region', { name: 'Partes' });
    expect(within(shares).queryByText(/PIX \(app\)/)).toBeNull();
    const paidInApp = closing(['2026-11-20T23:00:00.000Z', null]);
    paidInApp.partes[0]!.forma_pagamento = 'PIX (app)';
    api.on('GET /staff/tabs/40', { body: paidInApp });
    await waitFor(() => expect(within(shares).getByText(/PIX \(app\)/)).toBeInTheDocument(), {
      timeout: CLOSING_TAB_REFRESH_MS + 2000,
    });
  }, 15_000);

  it('closes a tab split evenly with the fee, then takes each share until the tab closes', async () => {
    const api = stubStaffApi({
      'GET /staff/tabs/40': { body: staffTabOf() },
      'POST /staff/tabs/40/close': { body: closing([null, null]) },
      'POST /staff/tabs/40/shares/81/paid': { body: closing([NOW.toISOString(), null]) },
      'POST /staff/tabs/40/shares/82/paid': { body: closing([NOW.toISOString(), NOW.toISOString()]) },
    });
    const onReload = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<View reply={tablesReplyOf()} onReload={onReload} />);
    await user.click(screen.getByRole('button', { name: /^Mesa 3 / }));
    await user.click(await screen.findByRole('button', { name: 'Fechar conta' }));

    const dialog = screen.getByRole('dialog', { name: 'Fechar a conta · Mesa 3' });
    const fee = within(dialog).getByRole('checkbox', {
      name: `Cobrar taxa de serviço (10%): R$${NBSP}8,50`,
    });
    expect(fee).toBeChecked();
    await user.click(fee);
    expect(within(dialog).getByText('Total').nextSibling?.textContent).toBe(`R$${NBSP}85,00`);
    await user.click(fee);
    await user.click(within(dialog).getByRole('button', { name: 'Mais (Pessoas)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Mais (Pessoas)' }));
    expect(
      within(within(dialog).getByRole('list', { name: 'Partes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Parte 1: R$${NBSP}31,17 (inclui R$${NBSP}2,84 de taxa)`,
      `Parte 2: R$${NBSP}31,17 (inclui R$${NBSP}2,83 de taxa)`,
      `Parte 3: R$${NBSP}31,16 (inclui R$${NBSP}2,83 de taxa)`,
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Mais (Pessoas)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Menos (Pessoas)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Menos (Pessoas)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Fechar conta' }));
    expect(api.callsTo('POST', '/staff/tabs/40/close')[0]?.body).toEqual({
      service_fee: true,
      split: { mode: 'even', people: 2 },
    });

    const shares = await screen.findByRole('region', { name: 'Partes' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(shares).getByText(/^Falta receber/).textContent).toBe(`Falta receber R$${NBSP}93,50`);
    await user.click(within(shares).getByRole('button', { name: 'Marcar como pago: Parte 1' }));
    expect(within(shares).getByRole('group', { name: 'Como a parte 1 foi paga?' })).toBeInTheDocument();
    await user.click(within(shares).getByRole('button', { name: 'Dinheiro' }));
    expect(api.callsTo('POST', '/staff/tabs/40/shares/81/paid')[0]?.body).toEqual({
      forma_pagamento: 'Dinheiro',
    });
    expect(await within(shares).findByText('Paga às 20:00 · Dinheiro')).toBeInTheDocument();
    await user.click(within(shares).getByRole('button', { name: 'Marcar como pago: Parte 2' }));
    await user.click(within(shares).getByRole('button', { name: 'PIX' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Mesa 3: conta fechada.');
    expect(screen.getByText('Conta fechada às 20:00')).toBeInTheDocument();
    expect(onReload).toHaveBeenCalled();
  });

  it('splits by items: says in words what is wrong before sending, then each share’s value', async () => {
    const api = stubStaffApi({
      'GET /staff/tabs/40': { body: staffTabOf() },
      'POST /staff/tabs/40/close': { body: closing([null, null]) },
    });
    const user = userEvent.setup();
    render(<View reply={tablesReplyOf()} />);
    await user.click(screen.getByRole('button', { name: /^Mesa 3 / }));
    await user.click(await screen.findByRole('button', { name: 'Fechar conta' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Dividir por itens' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Cada parte precisa de pelo menos um item.');
    expect(within(dialog).getByRole('button', { name: 'Fechar conta' })).toBeDisabled();

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Parte de 1× Petit gâteau' }),
      'Parte 2',
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(
      within(within(dialog).getByRole('list', { name: 'Partes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Parte 1: R$${NBSP}66,00 (inclui R$${NBSP}6,00 de taxa)`,
      `Parte 2: R$${NBSP}27,50 (inclui R$${NBSP}2,50 de taxa)`,
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar conta' }));
    expect(api.callsTo('POST', '/staff/tabs/40/close')[0]?.body).toEqual({
      service_fee: true,
      split: { mode: 'items', shares: [[1, 2], [3]] },
    });
  });

  it('someone else closed it first: reloads the tab and says so', async () => {
    let reads = 0;
    stubStaffApi({
      'GET /staff/tabs/40': () => {
        reads += 1;
        return { body: reads === 1 ? staffTabOf() : closing([null, null]) };
      },
      'POST /staff/tabs/40/close': {
        status: 409,
        body: { code: 'TAB_NOT_OPEN', detail: 'A conta desta mesa já está fechada.' },
      },
    });
    const user = userEvent.setup();
    render(<View reply={tablesReplyOf()} />);
    await user.click(screen.getByRole('button', { name: /^Mesa 3 / }));
    await user.click(await screen.findByRole('button', { name: 'Fechar conta' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fechar conta' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Mesa 3: a conta já tinha mudado (outra pessoa a fechou ou recebeu). Veja como está agora.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'Partes' })).toBeInTheDocument();
  });

  it('opens a free table with the waiter’s code when the store requires codes, and shows the code large', async () => {
    const opened = staffTabOf({ id: 41, rodadas: [], codigo: '0427', table: { id: 2, description: '2' } });
    const api = stubStaffApi({
      'POST /staff/tables/2/open': { status: 201, body: opened },
      'GET /staff/tabs/41': { body: opened },
    });
    const reply = tablesReplyOf({
      settings: { requires_code: true, service_fee_percent: 10, require_in_app_payment: false },
    });
    const user = userEvent.setup();
    render(<View reply={reply} />);
    expect(
      screen.getByText('Os clientes precisam do código da mesa: toque numa mesa livre para abri-la.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Mesa 2 / }));
    await user.click(screen.getByRole('button', { name: 'Abrir mesa' }));
    expect(api.callsTo('POST', '/staff/tables/2/open')).toHaveLength(1);
    const code = await screen.findByText('0427');
    expect(code.tagName).toBe('STRONG');
    expect(screen.getByText('Código da mesa')).toBeInTheDocument();
    expect(screen.getByText('Nenhum pedido ainda.')).toBeInTheDocument();
  });

  it('without codes, a free table says its tab opens by itself', async () => {
    const user = userEvent.setup();
    render(<View reply={tablesReplyOf()} />);
    await user.click(screen.getByRole('button', { name: /^Mesa 10 / }));
    expect(
      screen.getByText('Livre: a conta abre sozinha quando os clientes fizerem o primeiro pedido.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abrir mesa' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Voltar às mesas' }));
    expect(screen.getByRole('heading', { name: 'Mesas' })).toBeInTheDocument();
  });
});

describe('managing the tables (managers and owners)', () => {
  it('adds, renames, deactivates and replaces a QR code, showing the server’s refusals', async () => {
    const api = stubStaffApi({
      'POST /staff/tables': { status: 201, body: staffTableOf(11, 'Varanda') },
      'PATCH /staff/tables/10': { body: staffTableOf(10, 'Mesa 10 (janela)') },
      'PATCH /staff/tables/3': {
        status: 409,
        body: { code: 'TABLE_HAS_OPEN_TAB', detail: 'Feche a conta desta mesa antes de desativá-la.' },
      },
      'POST /staff/tables/10/rotate-token': { body: staffTableOf(10, 'Mesa 10') },
    });
    const onReload = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<View reply={tablesReplyOf()} canManage onReload={onReload} />);
    const manager = screen.getByRole('region', { name: 'Gerenciar mesas' });

    await user.type(within(manager).getByRole('textbox', { name: 'Nome da mesa' }), 'Varanda');
    await user.click(within(manager).getByRole('button', { name: 'Adicionar mesa' }));
    expect(api.callsTo('POST', '/staff/tables')[0]?.body).toEqual({ description: 'Varanda' });
    expect(await within(manager).findByRole('status')).toHaveTextContent('Varanda adicionada.');

    const row = within(manager).getByRole('listitem', { name: 'Mesa 10' });
    await user.click(within(row).getByRole('button', { name: 'Renomear' }));
    const name = within(row).getByRole('textbox', { name: 'Nome da mesa' });
    await user.clear(name);
    await user.type(name, 'Mesa 10 (janela)');
    await user.click(within(row).getByRole('button', { name: 'Salvar' }));
    expect(api.callsTo('PATCH', '/staff/tables/10')[0]?.body).toEqual({ description: 'Mesa 10 (janela)' });

    const open = within(manager).getByRole('listitem', { name: 'Mesa 3' });
    await user.click(within(open).getByRole('button', { name: 'Desativar' }));
    expect(api.callsTo('PATCH', '/staff/tables/3')[0]?.body).toEqual({ ativo: false });
    expect(await within(manager).findByRole('alert')).toHaveTextContent(
      'Feche a conta desta mesa antes de desativá-la.',
    );

    await user.click(within(row).getByRole('button', { name: 'Trocar QR code' }));
    expect(
      within(row).getByText('O QR code impresso desta mesa deixará de funcionar. Imprima o novo depois.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/staff/tables/10/rotate-token')).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: 'Trocar QR code' }));
    expect(api.callsTo('POST', '/staff/tables/10/rotate-token')).toHaveLength(1);
    expect(await within(manager).findByRole('status')).toHaveTextContent(
      'QR code de Mesa 10 trocado. Imprima o novo.',
    );
    expect(onReload).toHaveBeenCalled();
  });

  it('changes the rules: the waiter’s code at once, the fee percent from 0 to 30', async () => {
    const api = stubStaffApi({
      'PATCH /staff/tables/settings': ({ body }) => ({
        body: {
          requires_code: false,
          service_fee_percent: 10,
          require_in_app_payment: false,
          ...(body as object),
        },
      }),
    });
    const user = userEvent.setup();
    render(<View reply={tablesReplyOf()} canManage />);
    const rules = screen.getByRole('form', { name: 'Regras das mesas' });
    await user.click(
      within(rules).getByRole('checkbox', { name: 'Exigir o código do garçom para abrir a mesa' }),
    );
    expect(api.callsTo('PATCH', '/staff/tables/settings')[0]?.body).toEqual({ requires_code: true });

    const percent = within(rules).getByRole('spinbutton', { name: 'Taxa de serviço (%)' });
    await user.clear(percent);
    await user.type(percent, '35');
    await user.click(within(rules).getByRole('button', { name: 'Salvar' }));
    expect(api.callsTo('PATCH', '/staff/tables/settings')).toHaveLength(1);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'De 0 a 30. Proposta ao fechar a conta; pode ser retirada.',
    );
    await user.clear(percent);
    await user.type(percent, '12');
    await user.click(within(rules).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/staff/tables/settings')[1]?.body).toEqual({ service_fee_percent: 12 }),
    );
  });
});

describe('the printable QR sheet', () => {
  it('lays out one card per active table with the store’s look, A4 or labels, and prints', async () => {
    const qr = 'data:image/svg+xml;base64,PHN2Zy8+';
    stubStaffApi({
      'GET /staff/tables/qr-sheet': {
        body: {
          store: { nome: 'Forno & Brasa', logo: '/media/logo.png', primary_color: '#FFD000' },
          tables: Array.from({ length: 7 }, (_, index) => ({
            id: index + 1,
            description: `Mesa ${index + 1}`,
            url: `http://pizzaria.localhost:3000/local/${index + 1}?token=t`,
            qr,
          })),
        },
      },
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    render(<View reply={tablesReplyOf()} canManage />);
    await user.click(screen.getByRole('button', { name: 'Imprimir QR codes' }));
    expect(await screen.findByText('Mesas: 7')).toBeInTheDocument();

    const sheet = screen.getByTestId('qr-print');
    expect(sheet.parentElement).toBe(document.body);
    expect(sheet.querySelectorAll('.qr-page')).toHaveLength(2);
    const card = within(sheet).getByRole('article', { name: 'Mesa 1' });
    expect(card).toHaveTextContent('Forno & BrasaMesa 1Aponte a câmera para pedir');
    expect(within(card).getByRole('img', { name: 'QR code de Mesa 1' })).toHaveAttribute('src', qr);
    expect(sheet.querySelector<HTMLElement>('.qr-sheet')?.style.getPropertyValue('--qr-on-primary')).toBe(
      '#000000',
    );

    await user.click(screen.getByRole('radio', { name: 'Etiqueta 62 × 80 mm' }));
    expect(sheet.querySelector('.qr-sheet')).toHaveAttribute('data-format', 'label-62x80');
    expect(sheet.querySelectorAll('.qr-page')).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();
  });
});

it('a table named by a number alone is called Mesa N', () => {
  const reply = tablesReplyOf({ tables: [staffTableOf(7, '7')], calls: [] });
  render(
    <View reply={reply} calls={[tableCallOf(1, { table_description: '7', created_at: minutesBefore(0) })]} />,
  );
  expect(screen.getByText('Mesa 7 chamou o garçom')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^Mesa 7/ })).toBeInTheDocument();
});
