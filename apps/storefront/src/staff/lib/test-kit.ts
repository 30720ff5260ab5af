import type { StaffTab, StaffTable, StaffTablesReply, TableCall } from '@comanda/contract';
import { vi } from 'vitest';

/* The staff tests' fetch stub, stream stand-in and table fixtures (never part of the bundle). */

export interface Reply {
  status?: number;
  body?: unknown;
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Handler = Reply | ((call: Call) => Reply);

/** Stubs fetch: handlers by "METHOD /path" (query included), anything else 404; every call kept. */
export function stubStaffApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const call: Call = {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.replace(/^https?:\/\/[^/]+/, ''),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const handler = handlers[`${call.method} ${call.path}`];
      const reply: Reply = handler
        ? typeof handler === 'function'
          ? handler(call)
          : handler
        : { status: 404, body: { code: 'NOT_FOUND', detail: 'Não encontrado.' } };
      return new Response(JSON.stringify(reply.body ?? {}), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
    on: (key: string, handler: Handler) => {
      handlers[key] = handler;
    },
  };
}

/** A stand-in for the browser's EventSource that the test drives. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((candidate) => candidate !== listener),
    );
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: unknown) {
    const event = new MessageEvent(type, { data: data === undefined ? '' : JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

export const NOW = new Date('2026-05-05T23:00:00Z'); // 20:00 in São Paulo

export const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

export function tableCallOf(id: number, overrides: Partial<TableCall> = {}): TableCall {
  return {
    id,
    kind: 'waiter',
    table_id: 3,
    table_description: 'Mesa 3',
    created_at: minutesBefore(2),
    acknowledged_at: null,
    ...overrides,
  };
}

export function staffTabOf(overrides: Partial<StaffTab> = {}): StaffTab {
  return {
    id: 40,
    status: 'open',
    aberta_em: minutesBefore(25),
    rodadas: [
      {
        order_id: 501,
        rodada: 1,
        dh_iniciado: minutesBefore(24),
        status: 'Entregue',
        total: 6000,
        pago_online: false,
        linhas: [
          {
            id: 1,
            descricao_produto: 'Pizza Margherita',
            qtd: 1,
            detalhes: 'Borda de catupiry',
            valor_total: 4000,
          },
          { id: 2, descricao_produto: 'Chopp', qtd: 2, detalhes: '', valor_total: 2000 },
        ],
      },
      {
        order_id: 502,
        rodada: 2,
        dh_iniciado: minutesBefore(10),
        status: 'Preparo',
        total: 2500,
        pago_online: false,
        linhas: [{ id: 3, descricao_produto: 'Petit gâteau', qtd: 1, detalhes: '', valor_total: 2500 }],
      },
    ],
    totais: {
      consumido: 8500,
      pago_online: 0,
      a_pagar: 8500,
      taxa_servico_perc: 10,
      taxa_servico: 850,
      total: 9350,
    },
    divisao: null,
    partes: [],
    chamado_garcom_em: null,
    conta_pedida_em: minutesBefore(1),
    table: { id: 3, description: 'Mesa 3' },
    codigo: null,
    fechada_em: null,
    ...overrides,
  };
}

export function staffTableOf(id: number, description: string, tab: StaffTab | null = null): StaffTable {
  return {
    id,
    ref: `mesa-${id}`,
    description,
    ativo: true,
    links: {
      local: `http://pizzaria.localhost:3000/local/${id}?token=t${id}`,
      self_checkout: `http://pizzaria.localhost:3000/self-checkout/${id}?token=t${id}`,
    },
    tab: tab
      ? {
          id: tab.id,
          status: tab.status,
          aberta_em: tab.aberta_em,
          codigo: tab.codigo,
          rodadas: tab.rodadas.length,
          totais: tab.totais,
          conta_pedida_em: tab.conta_pedida_em,
        }
      : null,
  };
}

export function tablesReplyOf(overrides: Partial<StaffTablesReply> = {}): StaffTablesReply {
  return {
    settings: { requires_code: false, service_fee_percent: 10, require_in_app_payment: false },
    tables: [staffTableOf(10, 'Mesa 10'), staffTableOf(3, 'Mesa 3', staffTabOf()), staffTableOf(2, '2')],
    calls: [],
    ...overrides,
  };
}

/** A USB receipt printer as WebUSB shows it: an Epson (vendor 0x04b8) with one bulk OUT endpoint. */
export class FakeUsbPrinter {
  readonly vendorId = 0x04b8;
  readonly productId = 0x0e28;
  readonly serialNumber = 'TM-T20III-001';
  readonly manufacturerName = 'EPSON';
  readonly productName = 'TM-T20III';
  readonly configuration = {
    interfaces: [{ interfaceNumber: 0, alternate: { endpoints: [{ direction: 'out', endpointNumber: 1 }] } }],
  };
  readonly received: Uint8Array[] = [];
  async open() {}
  async selectConfiguration() {}
  async claimInterface() {}
  async reset() {}
  async close() {}
  async transferOut(_endpoint: number, data: Uint8Array) {
    this.received.push(data);
    return { status: 'ok', bytesWritten: data.length };
  }
}

/**
 * navigator with a fake WebUSB: the page's own navigator answers everything else (onLine, language…),
 * its getters read on the real object.
 */
export function installUsb(device: FakeUsbPrinter) {
  const usb = {
    requestDevice: vi.fn(async () => device),
    getDevices: vi.fn(async () => [device]),
    addEventListener: () => undefined,
  };
  const real = navigator;
  vi.stubGlobal(
    'navigator',
    new Proxy(real, {
      get: (target, key) => {
        if (key === 'usb') return usb;
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
      has: (target, key) => key === 'usb' || Reflect.has(target, key),
    }),
  );
}
