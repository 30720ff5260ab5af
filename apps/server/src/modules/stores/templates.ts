import type { StoreTemplate } from '@comanda/contract';
import type { StoreTimeZone } from '@comanda/domain';
import { readDemoStore } from '../store-import/index.ts';

/*
 * What a new store starts from (docs/decisions/0032). Either way it starts closed (`pausada`): the
 * owner fills in the menu, hours, fees and look in the staff app and opens it there.
 */

interface TemplateInput {
  slug: string;
  nome: string;
  /** The store's IANA time zone; the document's default (São Paulo) when not given. */
  timeZone?: StoreTimeZone;
}

/** One example category with one example product, every day 11:00–22:00, pickup only, cash and card. */
function blank({ slug, nome, timeZone }: TemplateInput): unknown {
  return {
    slug,
    settings: {
      nome,
      pausada: true,
      ...(timeZone ? { time_zone: timeZone } : {}),
      permite_entrega: false,
      permite_busca: true,
      permite_comer_local: false,
    },
    look: { primary_color: '#b3261e', secondary_color: '#1f4fd1', font_family: 'system-ui' },
    hours: [0, 1, 2, 3, 4, 5, 6].map((dia_semana) => ({
      dia_semana,
      turno: 1,
      hr_inicio: '11:00',
      hr_fim: '22:00',
    })),
    categories: [
      {
        ref: 'exemplos',
        descricao: 'Exemplos',
        detalhes: 'Troque por uma categoria da sua loja.',
        aberto: true,
        products: [
          {
            ref: 'produto-exemplo',
            descricao: 'Produto de exemplo',
            detalhes: 'Edite o nome, a descrição, o preço e a foto.',
            valor_venda: 1000,
          },
        ],
      },
    ],
    payment_methods: [
      { id: 1, tipo: 'dinheiro', descricao: 'Dinheiro', permite_troco: true },
      { id: 2, tipo: 'cartao', descricao: 'Cartão (na retirada)' },
    ],
  };
}

/**
 * The demo pizzeria's menu (categories, option groups, pictures), hours and in-person payments,
 * without what is the demo's own: its name, contact, logo and header, delivery neighbourhoods, PIX
 * key, online payments, coupons, loyalty and tables. Pickup and eating in until the owner adds
 * delivery areas.
 */
function pizzaria({ slug, nome, timeZone }: TemplateInput): unknown {
  const demo = readDemoStore('pizzaria.json');
  return {
    slug,
    settings: {
      nome,
      pausada: true,
      ...(timeZone ? { time_zone: timeZone } : {}),
      delivery_time: demo.settings.delivery_time,
      pickup_time: demo.settings.pickup_time,
      permite_entrega: false,
      permite_busca: true,
      permite_comer_local: demo.settings.permite_comer_local,
      valor_minimo: demo.settings.valor_minimo,
    },
    look: {
      primary_color: demo.look.primary_color,
      secondary_color: demo.look.secondary_color,
      font_family: demo.look.font_family,
      font_url: demo.look.font_url,
      default_style_mode: demo.look.default_style_mode,
    },
    hours: demo.hours,
    categories: demo.categories,
    option_groups: demo.option_groups,
    payment_methods: demo.payment_methods
      .filter((method) => method.tipo !== 'pix' && method.tipo !== 'online')
      .map(({ chave_pix: _key, tipo_chave_pix: _kind, pix_nome_titular: _holder, ...method }) => method),
  };
}

export const TEMPLATES: Record<StoreTemplate, (input: TemplateInput) => unknown> = { blank, pizzaria };
