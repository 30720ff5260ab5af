import type { EditorSection, StoreDocumentBase } from '@comanda/contract';
import { STORE_FONTS } from '@comanda/domain';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { EditorDocument } from './editor-api.ts';
import { EditorProvider } from './editor-context.tsx';
import type { SectionProps } from './section-props.ts';

/* The editor screens' tests: a store document as GET /staff/editor/document sends it (never part of the bundle). */

export const SECTION_PATHS: Record<EditorSection, string[]> = {
  menu: ['categories', 'option_groups'],
  hours: ['hours', 'settings.holidays', 'settings.time_zone'],
  delivery: ['cities', 'settings.permite_entrega', 'settings.valor_minimo'],
  scheduling: ['settings.agendamento_ativo'],
  payments: ['payment_methods'],
  coupons: ['coupons'],
  loyalty: ['loyalty'],
  contact: ['settings.nome'],
  look: ['look'],
};

/** The parts of a store document the Ajustes screens of this suite read; the rest is left out. */
export function documentOf(overrides: Partial<StoreDocumentBase> = {}): StoreDocumentBase {
  return {
    slug: 'pizzaria',
    settings: {
      nome: 'Forno & Brasa',
      holidays: [],
      time_zone: 'America/Sao_Paulo',
      permite_entrega: true,
      valor_minimo: 2500,
    },
    look: {
      primary_color: '#b3261e',
      secondary_color: '#f2b705',
      font_family: 'Poppins',
      font_url: '/media/fonts/poppins-latin-400-normal.woff2',
      default_style_mode: 'light',
      logo: '/media/pizzaria/logo.webp',
      icon_192: '/media/pizzaria/icon-192.png',
      icon_512: '/media/pizzaria/icon-512.png',
      bg_image: '/media/pizzaria/banner.webp',
      bg_video: null,
      mostrar_logo_banner: true,
    },
    hours: [],
    categories: [],
    option_groups: [],
    cities: [],
    payment_methods: [],
    loyalty: {
      ativo: true,
      descricao: 'A cada R$ 1,00 você ganha 1 ponto.',
      pontos_recompensa: 100,
      recompensa_perc: false,
      perc_recompensa: 0,
      vlr_recompensa: 1500,
      pontos_por_real: 1,
    },
    coupons: [
      {
        code: 'BEMVINDO10',
        descricao: 'Para a primeira compra',
        perc: true,
        valor: 10,
        local: 'Carrinho',
        ativo: true,
        valid_from: null,
        valid_until: '2026-12-31T23:59:59-03:00',
        max_uses: 100,
        max_uses_per_customer: 1,
        min_subtotal: 3000,
      },
    ],
    tables: [],
    ...overrides,
  } as unknown as StoreDocumentBase;
}

export function editorReplyOf(document = documentOf(), menuVersion = 7): EditorDocument {
  return {
    menu_version: menuVersion,
    document,
    sections: SECTION_PATHS,
    fonts: STORE_FONTS.map((font) => ({ ...font })),
    price_cap: 10_000_000,
    payment_provider: null,
  };
}

/** A screen of the editor over `reply`, as a manager (canEdit) or an attendant sees it. */
export function renderScreen(
  Screen: ComponentType<SectionProps>,
  { reply = editorReplyOf(), canEdit = true }: { reply?: EditorDocument; canEdit?: boolean } = {},
) {
  return render(
    <EditorProvider initial={reply} canEdit={canEdit}>
      <Screen onDirty={() => undefined} />
    </EditorProvider>,
  );
}

/** A refused save as the server answers it (docs/decisions/0032): the first problem's field, and all of them. */
export function refusal(issues: { field: string; code: string; detail: string }[]) {
  const first = issues[0]!;
  return { status: 400, body: { code: first.code, detail: first.detail, field: first.field, issues } };
}
