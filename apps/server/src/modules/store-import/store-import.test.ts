import { fullProduct, PRICE_CAP, productList } from '@comanda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, storeDocumentFactory, type TestApp } from '../../test/test-app.ts';
import { readDemoStore } from './demo-stores.ts';
import { parseStoreDocument, StoreDocumentError, storeDocument } from './document.ts';
import { importStore } from './service.ts';

function problemsOf(input: unknown): string[] {
  try {
    parseStoreDocument(input);
  } catch (error) {
    if (error instanceof StoreDocumentError) return error.problems;
    throw error;
  }
  return [];
}

describe('store document validation', () => {
  it('accepts the demo stores', () => {
    expect(() => readDemoStore('pizzaria.json')).not.toThrow();
    expect(() => readDemoStore('sakura.json')).not.toThrow();
  });

  it('the demo groups priced by parts leave the price rule to the app, which states it once (issue 34, #14)', () => {
    for (const file of ['pizzaria.json', 'sakura.json']) {
      const split = readDemoStore(file).option_groups.filter((group) => group.politica_cobranca !== 'Soma');
      for (const group of split) expect(group.detalhes).not.toMatch(/preço|cobrad|média|mais caro/i);
    }
  });

  it('names the bad field by its path', () => {
    const doc = storeDocumentFactory();
    (doc.categories as { products: { valor_venda: unknown }[] }[])[0]!.products[0]!.valor_venda = 12.9;
    expect(problemsOf(doc)).toEqual(['categories[0].products[0].valor_venda: must be whole centavos']);
  });

  it('rejects an unknown field instead of ignoring it', () => {
    const problems = problemsOf({
      ...storeDocumentFactory(),
      settings: { nome: 'X', valor_minimo: 0, colour: 'red' },
    });
    expect(problems[0]).toMatch(/^settings: .*colour/);
  });

  it('rejects a bad slug, colour and time', () => {
    const problems = problemsOf(
      storeDocumentFactory({
        slug: 'Not A Slug',
        look: { primary_color: 'red', secondary_color: '#000000' },
        hours: [{ dia_semana: 1, turno: 1, hr_inicio: '25:00', hr_fim: '23:00' }],
      }),
    );
    expect(problems).toEqual([
      'slug: must be a sub-domain label (a-z, 0-9, -)',
      'look.primary_color: must be a colour like #c0392b',
      'hours[0].hr_inicio: must be a time HH:MM',
    ]);
  });

  it('rejects references to unknown groups and duplicate refs', () => {
    const problems = problemsOf(
      storeDocumentFactory({
        categories: [
          {
            ref: 'a',
            descricao: 'A',
            products: [
              { ref: 'p', descricao: 'P', valor_venda: 100, groups: [{ group: 'missing', min: 0, max: 1 }] },
              { ref: 'p', descricao: 'P2', valor_venda: 100 },
            ],
          },
        ],
      }),
    );
    expect(problems).toEqual([
      "categories[0].products[1].ref: duplicate product ref 'p'",
      "categories[0].products[0].groups[0].group: unknown option group 'missing'",
    ]);
  });

  it('rejects min above max in a group use', () => {
    const doc = storeDocumentFactory({
      option_groups: [{ ref: 'g', descricao: 'G', items: [{ ref: 'i', descricao: 'I' }] }],
      categories: [
        {
          ref: 'a',
          descricao: 'A',
          products: [
            { ref: 'p', descricao: 'P', valor_venda: 100, groups: [{ group: 'g', min: 3, max: 2 }] },
          ],
        },
      ],
    });
    expect(problemsOf(doc)).toEqual(['categories[0].products[0].groups[0].min: min must not exceed max']);
  });

  it('refuses a price below zero or above R$ 100.000,00, on products, variants and options', () => {
    const doc = storeDocumentFactory({
      option_groups: [{ ref: 'g', descricao: 'G', items: [{ ref: 'i', descricao: 'I', preco: 10_000_001 }] }],
      categories: [
        {
          ref: 'a',
          descricao: 'A',
          products: [
            { ref: 'p', descricao: 'P', valor_venda: -1 },
            { ref: 'q', descricao: 'Q', variants: [{ ref: 'q1', descricao: 'Q1', valor_venda: 20_000_000 }] },
            { ref: 'r', descricao: 'R', valor_venda: PRICE_CAP },
          ],
        },
      ],
    });
    expect(problemsOf(doc)).toEqual([
      'categories[0].products[0].valor_venda: must be 0 to 10000000 centavos (R$ 100.000,00)',
      'categories[0].products[1].variants[0].valor_venda: must be 0 to 10000000 centavos (R$ 100.000,00)',
      'option_groups[0].items[0].preco: must be 0 to 10000000 centavos (R$ 100.000,00)',
    ]);
  });

  it('refuses an option group without items', () => {
    const doc = storeDocumentFactory({ option_groups: [{ ref: 'g', descricao: 'G', items: [] }] });
    expect(problemsOf(doc)).toEqual(['option_groups[0].items: a group needs at least one item']);
  });

  it('takes only the fonts the storefront can load, each with its own file', () => {
    const look = (over: object) =>
      problemsOf(
        storeDocumentFactory({ look: { primary_color: '#112233', secondary_color: '#445566', ...over } }),
      );
    expect(look({ font_family: 'Comic Sans MS' })).toEqual([
      'look.font_family: must be one of system-ui, Poppins, Lora',
    ]);
    expect(look({ font_family: 'Lora', font_url: '/media/fonts/poppins-latin-400-normal.woff2' })).toEqual([
      'look.font_url: must be null or /media/fonts/lora-latin-400-normal.woff2',
    ]);
    expect(look({ font_family: 'Lora', font_url: '/media/fonts/lora-latin-400-normal.woff2' })).toEqual([]);
    expect(look({ font_family: 'system-ui' })).toEqual([]);
  });

  it('refuses a primary colour that white text cannot be read on (a dark store: on its dark theme)', () => {
    const look = (over: object) =>
      problemsOf(storeDocumentFactory({ look: { secondary_color: '#445566', ...over } }));
    expect(look({ primary_color: '#ffee00' })).toEqual([
      'look.primary_color: contrast 1.2:1 against white text is below 4.5:1 (WCAG AA)',
    ]);
    expect(look({ primary_color: '#ff5c8a', default_style_mode: 'dark' })).toEqual([]);
    expect(look({ primary_color: '#112233', default_style_mode: 'dark' })).toEqual([
      'look.primary_color: contrast 1.05:1 against the dark theme is below 4.5:1 (WCAG AA)',
    ]);
  });

  it('refuses a delivery area that is not a closed ring of real coordinates', () => {
    const area = (polygon: number[][]) =>
      problemsOf(
        storeDocumentFactory({
          settings: {
            nome: 'X',
            delivery_fee_type: 'area',
            latitude: -23.5,
            longitude: -46.6,
            delivery_areas: [{ name: 'Centro', fee: 500, polygon }],
          },
        }),
      );
    const ring = [
      [-23.5, -46.6],
      [-23.5, -46.7],
      [-23.6, -46.7],
      [-23.5, -46.6],
    ];
    expect(area(ring)).toEqual([]);
    expect(area(ring.slice(0, 3))).toEqual([
      'settings.delivery_areas[0].polygon: must be closed: at least 4 points, the last equal to the first',
    ]);
    expect(area([...ring.slice(0, 3), [-23.6, -46.6]])).toHaveLength(1);
    expect(
      area([
        [-23.5, -46.6],
        [-95, -46.7],
        [-23.6, 200],
        [-23.5, -46.6],
      ]),
    ).toEqual([
      'settings.delivery_areas[0].polygon[1]: must be [latitude -90..90, longitude -180..180]',
      'settings.delivery_areas[0].polygon[2]: must be [latitude -90..90, longitude -180..180]',
    ]);
  });

  it('refuses contact links that are not http(s) or a phone, and look pictures from elsewhere (issue 30, F6)', () => {
    const doc = storeDocumentFactory();
    const settings = doc.settings as Record<string, unknown>;
    settings.site = 'javascript:alert(1)';
    settings.instagram = '//evil.example';
    settings.whatsapp = 'data:text/html,<b>oi</b>';
    (doc.look as Record<string, unknown>).logo = 'https://tracker.example/pixel.png';
    expect(problemsOf(doc)).toEqual([
      'settings.whatsapp: must be a phone number or an https://wa.me/ link',
      'settings.instagram: must be an http(s):// address or an @handle',
      'settings.site: must be an http(s):// address',
      "look.logo: must be one of the store's own pictures (uploaded in the staff editor or under /media/)",
    ]);
    // An S3 bucket's (or its CDN's) address of this store's pictures is its own.
    const cdn = (key: string) => `https://fotos.comanda.app/${key}`;
    (doc.look as Record<string, unknown>).logo =
      `https://fotos.comanda.app/stores/${String(doc.slug)}/logo/a-256w.webp`;
    settings.site = 'https://loja.example';
    settings.instagram = '@loja';
    settings.whatsapp = '5511999990000';
    expect(() => parseStoreDocument(doc, cdn)).not.toThrow();
    expect(() => parseStoreDocument(doc)).toThrow(StoreDocumentError);
  });

  it('names each rule with a stable code for the staff editor', () => {
    const parsed = storeDocument.safeParse(
      storeDocumentFactory({
        look: { primary_color: '#ffee00', secondary_color: '#445566', font_family: 'Papyrus' },
        option_groups: [{ ref: 'g', descricao: 'G', items: [] }],
      }),
    );
    const codes = parsed.error?.issues.map((issue) => (issue as { params?: { code?: string } }).params?.code);
    expect(codes).toEqual(['UNKNOWN_FONT', 'PRIMARY_COLOUR_CONTRAST', 'GROUP_WITHOUT_ITEMS']);
  });

  it('a radius fee needs tiers and the store position', () => {
    const problems = problemsOf(
      storeDocumentFactory({ settings: { nome: 'X', delivery_fee_type: 'radius' } }),
    );
    expect(problems).toEqual([
      'settings.delivery_radius_tiers: a radius fee needs at least one tier',
      'settings.latitude: radius and area fees need the store position',
    ]);
  });

  it('table settings: the waiter’s code off and no service fee by default; the fee a whole percent up to 30', () => {
    expect(parseStoreDocument(storeDocumentFactory()).settings).toMatchObject({
      mesa_exige_codigo: false,
      taxa_servico_perc: 0,
    });
    for (const [fee, problem] of [
      [31, 'settings.taxa_servico_perc: Too big: expected number to be <=30'],
      [-1, 'settings.taxa_servico_perc: Too small: expected number to be >=0'],
      [10.5, 'settings.taxa_servico_perc: must be a whole percent'],
    ] as const) {
      expect(problemsOf(storeDocumentFactory({ settings: { nome: 'X', taxa_servico_perc: fee } }))).toEqual([
        problem,
      ]);
    }
    expect(
      problemsOf(storeDocumentFactory({ settings: { nome: 'X', mesa_exige_codigo: 'sim' } })),
    ).toHaveLength(1);
  });
});

describe('importing a store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoStores: [], stores: [storeDocumentFactory()] });
  });
  afterAll(async () => {
    await t?.close();
  });
  const host = { host: 'teste.localhost' };
  const products = async () =>
    productList.parse((await t.app.inject({ url: '/estoque/produtos_app', headers: host })).json());

  it('creates the store, served on its sub-domain', async () => {
    expect((await products()).map((p) => p.descricao)).toEqual(['X-Salada']);
  });

  it('a second import updates rows in place, keeps ids and retires what it no longer names', async () => {
    const before = await products();
    const doc = storeDocumentFactory({
      option_groups: [
        { ref: 'extras', descricao: 'Extras', items: [{ ref: 'bacon', descricao: 'Bacon', preco: 500 }] },
      ],
      categories: [
        {
          ref: 'lanches',
          descricao: 'Lanches',
          products: [
            {
              ref: 'x-salada',
              descricao: 'X-Salada especial',
              valor_venda: 2700,
              groups: [{ group: 'extras', max: 2 }],
            },
            { ref: 'x-bacon', descricao: 'X-Bacon', valor_venda: 2900 },
          ],
        },
      ],
    });
    const result = await importStore(t.database.db, parseStoreDocument(doc));
    expect(result.created).toBe(false);
    const after = await products();
    expect(after.map((p) => [p.descricao, p.valor_venda])).toEqual([
      ['X-Salada especial', 2700],
      ['X-Bacon', 2900],
    ]);
    expect(after[0]!.id).toBe(before[0]!.id);
    const full = fullProduct.parse(
      (await t.app.inject({ url: `/estoque/produtos_full_app/${after[0]!.id}`, headers: host })).json(),
    );
    expect(full.grupos[0]!.grupo.lista_itens.map((i) => i.descricao)).toEqual(['Bacon']);

    await importStore(t.database.db, parseStoreDocument(storeDocumentFactory()));
    const third = await products();
    expect(third.map((p) => p.descricao)).toEqual(['X-Salada']);
    const retired = await t.app.inject({ url: `/estoque/produtos_full_app/${after[1]!.id}`, headers: host });
    expect(retired.statusCode).toBe(404);
  });
});
