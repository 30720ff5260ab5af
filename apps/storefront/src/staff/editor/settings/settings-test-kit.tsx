import type { StaffAccount, StoreDocumentBase } from '@comanda/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setStaffToken } from '../../lib/staff-api.ts';
import { type Call, type Reply, stubStaffApi } from '../../lib/test-kit.ts';
import EditorArea from '../editor-area.tsx';

/*
 * The settings screens' tests: the demo pizzaria's document as the editor reads it (the export's
 * writing: every field, times with seconds), the section paths the server gives, and the editor
 * opened on one screen with the staff API stubbed at the network.
 */

const PIZZARIA = {
  settings: {
    nome: 'Forno & Brasa',
    apresentacao:
      'Pizzas de fermentação natural assadas no forno a lenha e hambúrgueres artesanais na brasa. Desde 2009 no centro de São Paulo.',
    endereco: 'Rua Augusta, 1500 - Consolação, São Paulo - SP',
    contato: '(11) 3255-0000',
    email_contato: 'contato@fornoebrasa.example',
    whatsapp: '5511999990000',
    facebook: 'https://facebook.com/fornoebrasa',
    instagram: 'https://instagram.com/fornoebrasa',
    site: 'https://fornoebrasa.example',
    delivery_time: 50,
    pickup_time: 25,
    environment: 'production',
    holidays: [],
    time_zone: 'America/Sao_Paulo',
    permite_entrega: true,
    permite_busca: true,
    permite_comer_local: true,
    agendamento_ativo: false,
    permite_agendamento: false,
    schedule_step_minutes: 30,
    schedule_capacity: null,
    valor_minimo: 2500,
    qtd_maxima_item: 30,
    valor_maximo_pedido: 300000,
    delivery_fee_type: 'neighbourhood',
    delivery_max_radius: 0,
    delivery_radius_tiers: [],
    delivery_areas: [],
    delivery_discounted_fee: null,
    delivery_discount_minimum_order: 0,
    online_payment: true,
    payment_by_pix: true,
    payment_by_card: true,
    payment_key: null,
    self_checkout_require_imply_pay: false,
    mesa_exige_codigo: false,
    taxa_servico_perc: 10,
    expiration_time_pix: 300,
    google_maps_key: null,
    google_maps_viewport: null,
    latitude: -23.5558,
    longitude: -46.6623,
    delivery_customer_doc_required: false,
    fb_pixel_id: null,
    google_tag_manager: null,
    fb_domain_verification: null,
  },
  hours: [
    {
      dia_semana: 0,
      turno: 1,
      hr_inicio: '00:00:00',
      hr_fim: '23:59:00',
    },
    {
      dia_semana: 1,
      turno: 1,
      hr_inicio: '00:00:00',
      hr_fim: '23:59:00',
    },
    {
      dia_semana: 2,
      turno: 1,
      hr_inicio: '00:00:00',
      hr_fim: '23:59:00',
    },
    {
      dia_semana: 3,
      turno: 1,
      hr_inicio: '00:00:00',
      hr_fim: '23:59:00',
    },
    {
      dia_semana: 4,
      turno: 1,
      hr_inicio: '00:00:00',
      hr_fim: '23:59:00',
    },
    {
      dia_semana: 5,
      turno: 1,
      hr_inicio: '00:00:00',
      hr_fim: '23:59:00',
    },
    {
      dia_semana: 6,
      turno: 1,
      hr_inicio: '00:00:00',
      hr_fim: '23:59:00',
    },
    {
      dia_semana: 7,
      turno: 1,
      hr_inicio: '00:00:00',
      hr_fim: '23:59:00',
    },
  ],
  cities: [
    {
      ref: 'sao-paulo',
      nome: 'São Paulo',
      estado: 'SP',
      ativo: true,
      neighbourhoods: [
        {
          ref: 'consolacao',
          descricao: 'Consolação',
          valor_entrega: 500,
          valor_entrega_desconto: null,
          discount_minimum_order: 0,
          ativo: true,
        },
        {
          ref: 'bela-vista',
          descricao: 'Bela Vista',
          valor_entrega: 600,
          valor_entrega_desconto: null,
          discount_minimum_order: 0,
          ativo: true,
        },
        {
          ref: 'jardim-paulista',
          descricao: 'Jardim Paulista',
          valor_entrega: 700,
          valor_entrega_desconto: null,
          discount_minimum_order: 0,
          ativo: true,
        },
        {
          ref: 'republica',
          descricao: 'República',
          valor_entrega: 700,
          valor_entrega_desconto: null,
          discount_minimum_order: 0,
          ativo: true,
        },
        {
          ref: 'pinheiros',
          descricao: 'Pinheiros',
          valor_entrega: 900,
          valor_entrega_desconto: 0,
          discount_minimum_order: 8000,
          ativo: true,
        },
        {
          ref: 'vila-mariana',
          descricao: 'Vila Mariana',
          valor_entrega: 1000,
          valor_entrega_desconto: 500,
          discount_minimum_order: 10000,
          ativo: true,
        },
        {
          ref: 'liberdade',
          descricao: 'Liberdade',
          valor_entrega: 800,
          valor_entrega_desconto: null,
          discount_minimum_order: 0,
          ativo: true,
        },
        {
          ref: 'perdizes',
          descricao: 'Perdizes',
          valor_entrega: 900,
          valor_entrega_desconto: null,
          discount_minimum_order: 0,
          ativo: true,
        },
        {
          ref: 'moema',
          descricao: 'Moema',
          valor_entrega: 1200,
          valor_entrega_desconto: null,
          discount_minimum_order: 0,
          ativo: false,
        },
      ],
    },
    {
      ref: 'osasco',
      nome: 'Osasco',
      estado: 'SP',
      ativo: true,
      neighbourhoods: [
        {
          ref: 'osasco-centro',
          descricao: 'Centro',
          valor_entrega: 1500,
          valor_entrega_desconto: null,
          discount_minimum_order: 0,
          ativo: true,
        },
        {
          ref: 'presidente-altino',
          descricao: 'Presidente Altino',
          valor_entrega: 1500,
          valor_entrega_desconto: null,
          discount_minimum_order: 0,
          ativo: true,
        },
      ],
    },
  ],
  payment_methods: [
    {
      id: 1,
      tipo: 'dinheiro',
      descricao: 'Dinheiro',
      api: null,
      chave_pix: null,
      tipo_chave_pix: null,
      pix_nome_titular: null,
      permite_troco: true,
      tipos_entrega: ['Entregar', 'Retirada', 'Vem comer'],
    },
    {
      id: 2,
      tipo: 'cartao',
      descricao: 'Cartão de crédito (na entrega)',
      api: null,
      chave_pix: null,
      tipo_chave_pix: null,
      pix_nome_titular: null,
      permite_troco: false,
      tipos_entrega: ['Entregar', 'Retirada', 'Vem comer'],
    },
    {
      id: 3,
      tipo: 'cartao',
      descricao: 'Cartão de débito (na entrega)',
      api: null,
      chave_pix: null,
      tipo_chave_pix: null,
      pix_nome_titular: null,
      permite_troco: false,
      tipos_entrega: ['Entregar', 'Retirada', 'Vem comer'],
    },
    {
      id: 4,
      tipo: 'pix',
      descricao: 'PIX (chave da loja)',
      api: null,
      chave_pix: 'pix@fornoebrasa.example',
      tipo_chave_pix: 'email',
      pix_nome_titular: 'Forno e Brasa Alimentos LTDA',
      permite_troco: false,
      tipos_entrega: ['Entregar', 'Retirada', 'Vem comer'],
    },
    {
      id: 5,
      tipo: 'cartao',
      descricao: 'Vale-refeição',
      api: null,
      chave_pix: null,
      tipo_chave_pix: null,
      pix_nome_titular: null,
      permite_troco: false,
      tipos_entrega: ['Retirada', 'Vem comer'],
    },
  ],
} as const;

export function pizzariaDocument(): StoreDocumentBase {
  return structuredClone({
    slug: 'pizzaria',
    ...PIZZARIA,
    look: {
      primary_color: '#b3261e',
      secondary_color: '#1f4fd1',
      font_family: 'system-ui',
      font_url: null,
      default_style_mode: 'light',
      logo: null,
      icon_192: null,
      icon_512: null,
      bg_image: null,
      bg_video: null,
      mostrar_logo_banner: true,
    },
    categories: [],
    option_groups: [],
    loyalty: null,
    coupons: [],
    tables: [],
  }) as unknown as StoreDocumentBase;
}

/** The paths of apps/server/src/modules/store-editor/sections.ts for the screens tested here. */
const SECTIONS = {
  hours: ['hours', 'settings.holidays', 'settings.time_zone'],
  delivery: [
    'cities',
    ...[
      'permite_entrega',
      'permite_busca',
      'permite_comer_local',
      'valor_minimo',
      'delivery_time',
      'pickup_time',
      'delivery_fee_type',
      'delivery_max_radius',
      'delivery_radius_tiers',
      'delivery_areas',
      'delivery_discounted_fee',
      'delivery_discount_minimum_order',
      'latitude',
      'longitude',
      'google_maps_key',
      'google_maps_viewport',
    ].map((key) => `settings.${key}`),
  ],
  scheduling: ['agendamento_ativo', 'permite_agendamento', 'schedule_step_minutes', 'schedule_capacity'].map(
    (key) => `settings.${key}`,
  ),
  payments: [
    'payment_methods',
    ...[
      'online_payment',
      'payment_by_pix',
      'payment_by_card',
      'payment_key',
      'expiration_time_pix',
      'delivery_customer_doc_required',
    ].map((key) => `settings.${key}`),
  ],
  contact: ['settings.nome'],
};

export interface OpenOptions {
  role?: StaffAccount['role'];
  document?: StoreDocumentBase;
  provider?: string | null;
  /** The PUT's reply; by default the section saved as sent. */
  onSave?: (call: Call) => Reply;
  /** More of the staff API, by 'METHOD /path' (a screen that is not a document section's). */
  routes?: Record<string, Reply | ((call: Call) => Reply)>;
}

/** The editor's 'Ajustes' opened on one screen (by its name in the list). */
export async function openSettings(name: RegExp, options: OpenOptions = {}) {
  const { role = 'manager', document = pizzariaDocument(), provider = 'mercadopago', onSave } = options;
  setStaffToken('staff-token');
  const save = (call: Call): Reply =>
    onSave ? onSave(call) : { body: { menu_version: 8, changed: true, section: call.body } };
  const api = stubStaffApi({
    'GET /staff/editor/document': {
      body: {
        menu_version: 7,
        document,
        sections: SECTIONS,
        fonts: [],
        price_cap: 10_000_000,
        payment_provider: provider,
      },
    },
    'PUT /staff/editor/sections/hours': save,
    'PUT /staff/editor/sections/delivery': save,
    'PUT /staff/editor/sections/scheduling': save,
    'PUT /staff/editor/sections/payments': save,
    ...options.routes,
  });
  const me: StaffAccount = { user_id: 1, username: '11999990000', nome: 'Ana', role } as StaffAccount;
  const user = userEvent.setup();
  render(<EditorArea mode="settings" me={me} />);
  await user.click(await screen.findByRole('button', { name }));
  await screen.findByRole('heading', { level: 2 });
  return { api, user };
}

/** The body of the one PUT of a section. */
export function savedBody(api: ReturnType<typeof stubStaffApi>, section: string) {
  const calls = api.callsTo('PUT', `/staff/editor/sections/${section}`);
  if (calls.length !== 1) throw new Error(`${calls.length} saves of ${section}`);
  return calls[0]!.body as Record<string, unknown> & { settings: Record<string, unknown> };
}

/** A refusal as the server sends it (docs/decisions/0032): the first problem's field, all issues. */
export function refusal(field: string, code: string, detail: string): Reply {
  return { status: 400, body: { code, detail, field, issues: [{ field, code, detail }] } };
}
