import {
  companyList,
  type EditorSection,
  editorAuditReply,
  editorDocumentReply,
  editorSectionReply,
  errorReply,
  productList,
} from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySettings, storeAuditLog, storePaymentProviders, stores } from '../../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  SAKURA,
  type SignedUp,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { cartLine, placeOrder, productIdOf, storeIdOf, submission } from '../../test/orders.ts';
import { menuReplies, storeRows } from '../../test/store-state.ts';
import { buildSecondTestApp, type TestApp } from '../../test/test-app.ts';
import type { ExportedDocument } from '../store-import/index.ts';

/*
 * The staff editor of issue 17: a store's document read whole and saved one section at a time,
 * checked by the store import's own rules, applied in one transaction that raises the menu version
 * and writes the audit log. Refused input changes nothing: not the rows, not the menu version, not
 * the log.
 */

// A Tuesday at noon in São Paulo: both demo stores are open.
const TUESDAY_NOON = new Date('2026-05-05T12:00:00-03:00');

let t: TestApp;
let owner: StaffSignedIn;
let manager: StaffSignedIn;
let attendant: StaffSignedIn;
let sakuraOwner: StaffSignedIn;
let customer: SignedUp;
beforeAll(async () => {
  t = await buildAccountsTestApp({ now: TUESDAY_NOON, env: { ORDER_RATE_LIMIT_MAX: '10000' } });
  owner = await signInStaff(t, { name: 'Ana Lima', role: 'owner' });
  manager = await signInStaff(t, { name: 'Bruno Costa', role: 'manager' });
  attendant = await signInStaff(t, { name: 'Carla Dias', role: 'attendant' });
  sakuraOwner = await signInStaff(t, { host: SAKURA, name: 'Kenji Sato' });
  customer = await signUp(t.app, { name: 'Maria Souza' });
});
afterAll(async () => {
  await t.close();
});

function call(
  method: 'GET' | 'PUT',
  url: string,
  token: string | null,
  options: { payload?: unknown; host?: string; ifMatch?: string | number | null } = {},
) {
  const ifMatch = options.ifMatch;
  return t.app.inject({
    method,
    url,
    headers: {
      host: options.host ?? PIZZARIA,
      ...(token ? bearer(token) : {}),
      ...(ifMatch === undefined || ifMatch === null ? {} : { 'if-match': String(ifMatch) }),
    },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

async function read(token = manager.token, host = PIZZARIA) {
  const response = await call('GET', '/staff/editor/document', token, { host });
  expect(response.statusCode, response.body).toBe(200);
  const reply = editorDocumentReply.parse(response.json());
  return { ...reply, document: reply.document as unknown as ExportedDocument };
}

/** Saves a section from the current read; `change` edits the read document's copy of it. */
async function save(
  section: EditorSection,
  change: (doc: ExportedDocument) => void,
  options: { token?: string; host?: string; ifMatch?: number | string | null } = {},
) {
  const current = await read(options.token ?? manager.token, options.host);
  const doc = structuredClone(current.document);
  change(doc);
  const body = sectionBody(doc, current.sections[section]);
  return call('PUT', `/staff/editor/sections/${section}`, options.token ?? manager.token, {
    host: options.host,
    payload: body,
    ifMatch: options.ifMatch === undefined ? current.menu_version : options.ifMatch,
  });
}

/** The section's body cut from a document by the paths the read names. */
function sectionBody(doc: ExportedDocument, paths: string[]) {
  const body: Record<string, unknown> = {};
  for (const path of paths) {
    const [head, key] = path.split('.') as [keyof ExportedDocument, string?];
    if (key === undefined) body[head] = doc[head];
    else {
      body.settings ??= {};
      (body.settings as Record<string, unknown>)[key] = (doc.settings as Record<string, unknown>)[key];
    }
  }
  return body;
}

async function menuVersion(host = PIZZARIA): Promise<number> {
  const [row] = await t.database.db
    .select({ version: stores.menuVersion })
    .from(stores)
    .where(eq(stores.id, await storeIdOf(t, host)));
  return row!.version;
}

async function auditCount(host = PIZZARIA): Promise<number> {
  return t.database.db.$count(storeAuditLog, eq(storeAuditLog.storeId, await storeIdOf(t, host)));
}

const productAt = (doc: ExportedDocument, ref: string) => {
  for (const [ci, category] of doc.categories.entries())
    for (const [pi, product] of category.products.entries())
      if (product.ref === ref) return { product, path: `categories.${ci}.products.${pi}` };
  throw new Error(`no product ${ref}`);
};

async function listedPrice(ref: string, host = PIZZARIA, app = t): Promise<number> {
  const response = await app.app.inject({ method: 'GET', url: '/estoque/produtos_app', headers: { host } });
  const id = await productIdOf(t, ref, host);
  return productList.parse(response.json()).find((p) => p.id === id)!.valor_venda;
}

function expectRefusal(
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
  field?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = errorReply.parse(response.json());
  expect(body.code).toBe(code);
  if (field !== undefined) expect(body.field).toBe(field);
  return body;
}

describe('who may read and save', () => {
  it('attendants read the document; managers and owners too', async () => {
    for (const who of [attendant, manager, owner]) {
      const reply = await read(who.token);
      expect(reply.document.slug).toBe('pizzaria');
    }
  });

  it('without a staff token 401; with a customer’s 403; a token of another store is worthless', async () => {
    expectRefusal(await call('GET', '/staff/editor/document', null), 401, 'NOT_AUTHENTICATED');
    expectRefusal(await call('GET', '/staff/editor/document', customer.token), 403, 'FORBIDDEN');
    expectRefusal(await call('GET', '/staff/editor/document', sakuraOwner.token), 401, 'NOT_AUTHENTICATED');
  });

  it('only managers and owners save and read the audit log; nothing moves for the others', async () => {
    const version = await menuVersion();
    const { menu_version, document } = await read(attendant.token);
    const body = { look: { ...document.look, primary_color: '#1d4ed8' } };
    for (const [token, status] of [
      [attendant.token, 403],
      [customer.token, 403],
      [null, 401],
      [sakuraOwner.token, 401],
    ] as const) {
      const response = await call('PUT', '/staff/editor/sections/look', token, {
        payload: body,
        ifMatch: menu_version,
      });
      expect(response.statusCode, response.body).toBe(status);
      expect((await call('GET', '/staff/editor/audit', token)).statusCode).toBe(status);
    }
    expect(await menuVersion()).toBe(version);
  });
});

describe('reading the document', () => {
  it('is the store’s export with its menu version (also the ETag), the sections, fonts and price cap', async () => {
    const response = await call('GET', '/staff/editor/document', manager.token);
    const reply = editorDocumentReply.parse(response.json());
    expect(reply.menu_version).toBe(await menuVersion());
    expect(response.headers.etag).toBe(`"${reply.menu_version}"`);
    expect(reply.sections.menu).toEqual(['categories', 'option_groups']);
    expect(reply.sections.hours).toEqual(['hours', 'settings.holidays', 'settings.time_zone']);
    expect(reply.fonts.map((font) => font.family)).toEqual(['system-ui', 'Poppins', 'Lora']);
    expect(reply.price_cap).toBe(10_000_000);
    expect(reply.payment_provider).toBe('mercadopago');
    expect(response.body).not.toContain('TEST-comanda-demo-pizzaria-0001');
    expect(response.body).not.toContain('comanda-demo-webhook-secret-pizzaria');
    expect(Object.keys(reply.document)).not.toContain('payment_provider');
    expect(reply.payment_provider_webhook).toBeNull();
  });

  it('shows what registering the notification URL at the provider came to (a refusal is not swallowed)', async () => {
    const storeId = await storeIdOf(t, PIZZARIA);
    const status = {
      ok: false,
      url: 'https://pizzaria.example/…',
      detail: 'PUT /webhook answered 400',
      at: new Date(0),
    };
    // As the provider factory records it (payments' recordWebhookStatus).
    await t.database.db
      .update(storePaymentProviders)
      .set({ webhookStatus: { ...status, at: status.at.toISOString() } })
      .where(eq(storePaymentProviders.storeId, storeId));
    try {
      const reply = editorDocumentReply.parse(
        (await call('GET', '/staff/editor/document', manager.token)).json(),
      );
      expect(reply.payment_provider_webhook).toEqual({ ...status, at: '1970-01-01T00:00:00.000Z' });
    } finally {
      await t.database.db
        .update(storePaymentProviders)
        .set({ webhookStatus: null })
        .where(eq(storePaymentProviders.storeId, storeId));
    }
  });
});

/** One change per section, as an owner would make it. */
const SECTION_CHANGES: [EditorSection, (doc: ExportedDocument) => void][] = [
  [
    'hours',
    (doc) => {
      doc.hours[1]!.hr_fim = '23:00';
    },
  ],
  [
    'delivery',
    (doc) => {
      doc.settings.valor_minimo = 3000;
    },
  ],
  [
    'scheduling',
    (doc) => {
      doc.settings.schedule_step_minutes = 15;
    },
  ],
  [
    'payments',
    (doc) => {
      doc.settings.expiration_time_pix = 600;
    },
  ],
  [
    'coupons',
    (doc) => {
      doc.coupons.push({
        code: 'NOITE20',
        descricao: '20% depois das 22h',
        perc: true,
        valor: 20,
        local: 'Carrinho',
        ativo: true,
        valid_from: '2026-05-01T00:00:00-03:00',
        valid_until: '2026-12-31T23:59:59-03:00',
        max_uses: 100,
        max_uses_per_customer: 1,
        min_subtotal: 4000,
      });
    },
  ],
  [
    'loyalty',
    (doc) => {
      doc.loyalty!.pontos_recompensa = 150;
    },
  ],
  [
    'contact',
    (doc) => {
      doc.settings.instagram = 'https://instagram.com/forno';
    },
  ],
  [
    'look',
    (doc) => {
      doc.look.mostrar_logo_banner = false;
    },
  ],
];

describe('saving a section', () => {
  it('a new price shows on the menu at once, and an order at the old price is refused (PRICE_CHANGED)', async () => {
    const oldPrice = await listedPrice('burger-classico');
    const staleLine = await cartLine(t, {
      ref: 'burger-classico',
      choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
    });
    const versionBefore = await menuVersion();

    const response = await save('menu', (doc) => {
      productAt(doc, 'burger-classico').product.valor_venda = oldPrice + 300;
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = editorSectionReply.parse(response.json());
    expect(reply).toMatchObject({ changed: true, menu_version: versionBefore + 1 });
    expect(await menuVersion()).toBe(versionBefore + 1);
    expect(await listedPrice('burger-classico')).toBe(oldPrice + 300);

    const refused = await placeOrder(
      t,
      customer.token,
      submission(customer.userId, [staleLine], { total: staleLine.produto_valor }),
    );
    const body = expectRefusal(refused, 409, 'PRICE_CHANGED');
    expect(body.detail).toContain('mudou');

    const fresh = await cartLine(t, {
      ref: 'burger-classico',
      choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
    });
    // The cart caught up, the total the customer confirmed did not.
    const staleTotal = await placeOrder(
      t,
      customer.token,
      submission(customer.userId, [fresh], { total: staleLine.produto_valor }),
    );
    expect(expectRefusal(staleTotal, 409, 'PRICE_CHANGED', 'total').detail).toBe(
      `O total do pedido mudou para ${formatBRL(fresh.produto_valor)}. Confira e confirme de novo.`,
    );
    const placed = await placeOrder(t, customer.token, submission(customer.userId, [fresh]));
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('another instance serves the new price too (it compares menu versions)', async () => {
    const second = await buildSecondTestApp(t, { now: TUESDAY_NOON });
    try {
      const price = await listedPrice('onion-rings', PIZZARIA, second);
      const response = await save('menu', (doc) => {
        productAt(doc, 'onion-rings').product.valor_venda = price + 100;
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await listedPrice('onion-rings', PIZZARIA, second)).toBe(price + 100);
    } finally {
      await second.close();
    }
  });

  it('records who changed what, when, with the section before and after', async () => {
    const logged = await auditCount();
    const response = await save('contact', (doc) => {
      doc.settings.apresentacao = 'Pizzas de fermentação natural no forno a lenha.';
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = editorSectionReply.parse(response.json());
    expect(await auditCount()).toBe(logged + 1);

    const audit = editorAuditReply.parse(
      (await call('GET', '/staff/editor/audit?limit=1', owner.token)).json(),
    );
    const [entry] = audit.entries;
    expect(entry).toMatchObject({
      section: 'contact',
      menu_version: reply.menu_version,
      at: TUESDAY_NOON.toISOString(),
      staff: { id: manager.userId, nome: 'Bruno Costa', role: 'manager' },
      after: reply.section,
    });
    expect((entry!.before.settings as { apresentacao: string }).apresentacao).toContain('Desde 2009');
    expect((entry!.after.settings as { apresentacao: string }).apresentacao).toBe(
      'Pizzas de fermentação natural no forno a lenha.',
    );
    expect(audit.next_before).toBe(entry!.id);
  });

  it.each(SECTION_CHANGES)(
    '%s: saves what the section holds, and nothing else moves',
    async (section, change) => {
      const before = await read();
      const response = await save(section, change);
      expect(response.statusCode, response.body).toBe(200);
      const after = await read();
      const expected = structuredClone(before.document);
      change(expected);
      expect(after.document).toEqual(expected);
      expect(after.menu_version).toBe(before.menu_version + 1);
      expect(editorSectionReply.parse(response.json()).section).toEqual(
        sectionBody(after.document, after.sections[section]),
      );
    },
  );

  it('the look follows on the storefront: a new primary colour is in the company reply at once', async () => {
    const response = await save('look', (doc) => {
      doc.look.primary_color = '#1d4ed8';
      doc.look.default_style_mode = 'light';
    });
    expect(response.statusCode, response.body).toBe(200);
    const company = companyList.parse(
      (
        await t.app.inject({ method: 'GET', url: '/core/empresa_personal_app', headers: { host: PIZZARIA } })
      ).json(),
    )[0]!;
    expect(company.primary_color).toBe('#1d4ed8');
  });

  it('saving what the store already has writes nothing: same version, no audit entry', async () => {
    const logged = await auditCount();
    const version = await menuVersion();
    const response = await save('menu', () => {});
    expect(response.statusCode, response.body).toBe(200);
    expect(editorSectionReply.parse(response.json())).toMatchObject({
      changed: false,
      menu_version: version,
    });
    expect(await menuVersion()).toBe(version);
    expect(await auditCount()).toBe(logged);
  });

  it('leaves the staff’s controls and the payment provider as they are', async () => {
    const storeId = await storeIdOf(t, PIZZARIA);
    await t.app.inject({
      method: 'PUT',
      url: '/staff/store/mode',
      headers: { host: PIZZARIA, ...bearer(manager.token) },
      payload: { mode: 'closed' },
    });
    const [provider] = await t.database.db
      .select()
      .from(storePaymentProviders)
      .where(eq(storePaymentProviders.storeId, storeId));
    const response = await save('contact', (doc) => {
      doc.settings.contato = '(11) 3255-0001';
    });
    expect(response.statusCode, response.body).toBe(200);
    const [settings] = await t.database.db
      .select({ openMode: companySettings.openMode })
      .from(companySettings)
      .where(eq(companySettings.storeId, storeId));
    expect(settings!.openMode).toBe('closed');
    expect(
      (
        await t.database.db
          .select()
          .from(storePaymentProviders)
          .where(eq(storePaymentProviders.storeId, storeId))
      )[0],
    ).toEqual(provider);
    await t.app.inject({
      method: 'PUT',
      url: '/staff/store/mode',
      headers: { host: PIZZARIA, ...bearer(manager.token) },
      payload: { mode: 'auto' },
    });
  });
});

describe('the menu version guards every save (If-Match)', () => {
  it('without If-Match 428 PRECONDITION_REQUIRED; a malformed one 400', async () => {
    expectRefusal(await save('contact', () => {}, { ifMatch: null }), 428, 'PRECONDITION_REQUIRED');
    expectRefusal(await save('contact', () => {}, { ifMatch: 'abc' }), 400, 'INVALID_IF_MATCH', 'If-Match');
  });

  it('a read made stale by another change is refused with the current version; nothing saved', async () => {
    const stale = await read();
    // Someone at the counter switches a product sold out: the menu version moves.
    const id = await productIdOf(t, 'pudim');
    const soldOut = await t.app.inject({
      method: 'PUT',
      url: `/staff/menu/products/${id}/sold-out`,
      headers: { host: PIZZARIA, ...bearer(attendant.token) },
      payload: { sold_out: true },
    });
    expect(soldOut.statusCode).toBe(200);
    const logged = await auditCount();
    const version = await menuVersion();
    const body = sectionBody(
      { ...stale.document, settings: { ...stale.document.settings, nome: 'Forno & Brasa 2' } },
      stale.sections.contact,
    );
    const response = await call('PUT', '/staff/editor/sections/contact', manager.token, {
      payload: body,
      ifMatch: `"${stale.menu_version}"`,
    });
    const refusal = expectRefusal(response, 409, 'MENU_VERSION_CONFLICT');
    expect(refusal.menu_version).toBe(version);
    expect(await menuVersion()).toBe(version);
    expect(await auditCount()).toBe(logged);
    // With the version it was told, the same save goes through.
    const retried = await call('PUT', '/staff/editor/sections/contact', manager.token, {
      payload: body,
      ifMatch: `W/"${refusal.menu_version}"`,
    });
    expect(retried.statusCode, retried.body).toBe(200);
  });
});

describe('two saves from the same read', () => {
  it('at once: one is saved, the other refused as stale (the store’s row is held by the first)', async () => {
    const { document, menu_version, sections } = await read();
    const body = (site: string) =>
      sectionBody({ ...document, settings: { ...document.settings, site } }, sections.contact);
    const [a, b] = await Promise.all(
      ['https://a.example', 'https://b.example'].map((site) =>
        call('PUT', '/staff/editor/sections/contact', manager.token, {
          payload: body(site),
          ifMatch: menu_version,
        }),
      ),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    expect(await menuVersion()).toBe(menu_version + 1);
  });
});

describe('bad input is refused with the document path and a clear message; nothing is saved', () => {
  async function expectNothingSaved<T>(work: () => Promise<T>): Promise<T> {
    const storeId = await storeIdOf(t, PIZZARIA);
    const rows = await storeRows(t, storeId);
    const version = await menuVersion();
    const logged = await auditCount();
    const result = await work();
    expect(await menuVersion()).toBe(version);
    expect(await auditCount()).toBe(logged);
    expect(await storeRows(t, storeId)).toEqual(rows);
    return result;
  }

  it('a negative price, or one over R$ 100.000,00', async () => {
    for (const price of [-100, 10_000_001]) {
      const body = await expectNothingSaved(async () => {
        let path = '';
        const response = await save('menu', (doc) => {
          const found = productAt(doc, 'pudim');
          found.product.valor_venda = price;
          path = `${found.path}.valor_venda`;
        });
        return expectRefusal(response, 400, 'PRICE_OUT_OF_RANGE', path);
      });
      expect(body.detail).toBe(
        `Pudim de leite: o preço deve ser de ${formatBRL(0)} a ${formatBRL(10_000_000)}.`,
      );
    }
  });

  it('a variant’s or an option’s price over the cap', async () => {
    await expectNothingSaved(async () => {
      const response = await save('menu', (doc) => {
        productAt(doc, 'batata-frita').product.variants[1]!.valor_venda = 99_999_999;
      });
      const body = expectRefusal(response, 400, 'PRICE_OUT_OF_RANGE');
      expect(body.field).toMatch(/^categories\.\d+\.products\.\d+\.variants\.1\.valor_venda$/);
      expect(body.detail).toMatch(/^Batata frita grande: o preço/);
    });
    await expectNothingSaved(async () => {
      const response = await save('menu', (doc) => {
        doc.option_groups[0]!.items[0]!.preco = 50_000_000;
      });
      expectRefusal(response, 400, 'PRICE_OUT_OF_RANGE', 'option_groups.0.items.0.preco');
    });
  });

  it('min above max in a product’s use of a group', async () => {
    await expectNothingSaved(async () => {
      let path = '';
      const response = await save('menu', (doc) => {
        const found = productAt(doc, 'burger-veggie');
        found.product.groups[0] = { ...found.product.groups[0]!, min: 3, max: 2 };
        path = `${found.path}.groups.0.min`;
      });
      const body = expectRefusal(response, 400, 'GROUP_MIN_ABOVE_MAX', path);
      expect(body.detail).toBe(
        'Burger Veggie: o mínimo (3) não pode passar do máximo (2); máximo 0 é sem limite.',
      );
    });
  });

  it('a product asking for the same option group twice', async () => {
    await expectNothingSaved(async () => {
      let path = '';
      const response = await save('menu', (doc) => {
        const found = productAt(doc, 'burger-veggie');
        found.product.groups.push({ ...found.product.groups[0]! });
        path = `${found.path}.groups.${found.product.groups.length - 1}.group`;
      });
      const body = expectRefusal(response, 400, 'INVALID_INPUT', path);
      expect(body.detail).toBe(
        "Burger Veggie: o grupo de opções 'ingredientes-veggie' aparece duas vezes; deixe um só.",
      );
    });
  });

  it('an option group with no items', async () => {
    await expectNothingSaved(async () => {
      const response = await save('menu', (doc) => {
        doc.option_groups[1]!.items = [];
      });
      const body = expectRefusal(response, 400, 'GROUP_WITHOUT_ITEMS', 'option_groups.1.items');
      expect(body.detail).toMatch(/: o grupo precisa de pelo menos uma opção\.$/);
    });
  });

  it('a font the storefront cannot load', async () => {
    await expectNothingSaved(async () => {
      const response = await save('look', (doc) => {
        doc.look.font_family = 'Comic Sans MS';
        doc.look.font_url = null;
      });
      const body = expectRefusal(response, 400, 'UNKNOWN_FONT', 'look.font_family');
      expect(body.detail).toBe('Fonte indisponível na loja: escolha system-ui, Poppins, Lora.');
    });
  });

  it.each([
    [
      'site',
      'javascript:alert(document.cookie)',
      'Site: use um endereço que comece com https:// (ou http://), como https://sualoja.com.br.',
    ],
    [
      'instagram',
      'vbscript:msgbox(1)',
      'Instagram: use o @perfil ou um endereço que comece com https://, como https://instagram.com/sualoja.',
    ],
    [
      'facebook',
      'data:text/html,<script>alert(1)</script>',
      'Facebook: use o @perfil ou um endereço que comece com https://, como https://facebook.com/sualoja.',
    ],
    [
      'site',
      '//evil.example',
      'Site: use um endereço que comece com https:// (ou http://), como https://sualoja.com.br.',
    ],
    [
      'whatsapp',
      'https://evil.example/wa',
      'WhatsApp: use o número com DDD, só números, ou um link https://wa.me/….',
    ],
    [
      'contato',
      'javascript:alert(1)',
      'Telefone: use só o número com DDD (números, espaços, +, parênteses e hífens), como (11) 3255-0000.',
    ],
  ] as const)(
    'a contact link that is not http(s) or a phone: %s %s (issue 30, F6)',
    async (field, value, detail) => {
      await expectNothingSaved(async () => {
        const response = await save('contact', (doc) => {
          doc.settings[field] = value;
        });
        const body = expectRefusal(response, 400, 'INVALID_CONTACT_LINK', `settings.${field}`);
        expect(body.detail).toBe(detail);
      });
    },
  );

  it('contact links as stores type them are taken: https, @handles, bare addresses, phones, wa.me', async () => {
    const response = await save('contact', (doc) => {
      doc.settings.instagram = '@fornoebrasa';
      doc.settings.facebook = 'facebook.com/fornoebrasa';
      doc.settings.site = 'http://fornoebrasa.example/cardapio';
      doc.settings.whatsapp = 'https://wa.me/5511999990000';
      doc.settings.contato = '+55 (11) 3255-0000';
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each([
    ['logo', 'https://tracker.example/pixel.png', 'Logo'],
    ['bg_image', 'https://cdn.example/banner.webp', 'Fundo'],
    ['icon_192', '//tracker.example/i.png', 'Ícone do app'],
    ['logo', '/media/stores/sakura/logo/0123456789abcdef01234567-256w.webp', 'Logo'],
    ['bg_image', '/media/../../etc/passwd', 'Fundo'],
  ] as const)(
    'a look picture that is not the store’s own: %s %s (issue 30, F6)',
    async (field, value, name) => {
      await expectNothingSaved(async () => {
        const response = await save('look', (doc) => {
          doc.look[field] = value;
        });
        const body = expectRefusal(response, 400, 'PICTURE_NOT_OWN', `look.${field}`);
        expect(body.detail).toBe(
          `${name}: envie a foto pelo editor da loja (Aparência); endereços de outros sites não são aceitos.`,
        );
      });
    },
  );

  it('the store’s own uploaded pictures and the server’s media are taken for the look', async () => {
    const response = await save('look', (doc) => {
      doc.look.logo = '/media/stores/pizzaria/logo/0123456789abcdef01234567-256w.webp';
      doc.look.bg_image = '/media/pizzaria/banner.webp';
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('a primary colour white text cannot be read on', async () => {
    await expectNothingSaved(async () => {
      const response = await save('look', (doc) => {
        doc.look.primary_color = '#ffd60a';
        doc.look.default_style_mode = 'light';
      });
      const body = expectRefusal(response, 400, 'PRIMARY_COLOUR_CONTRAST', 'look.primary_color');
      expect(body.detail).toMatch(
        /^A cor principal #ffd60a tem contraste de 1,\d+:1 com texto branco; o mínimo é 4,5:1 \(WCAG AA\)\. Escolha uma cor mais escura\.$/,
      );
    });
  });

  it('a delivery area that is not closed, or off the map', async () => {
    const area = (polygon: [number, number][]) => (doc: ExportedDocument) => {
      doc.settings.delivery_fee_type = 'area';
      doc.settings.delivery_areas = [{ name: 'Centro', fee: 700, polygon }];
    };
    await expectNothingSaved(async () => {
      const response = await save(
        'delivery',
        area([
          [-23.55, -46.64],
          [-23.55, -46.63],
          [-23.57, -46.63],
        ]),
      );
      const body = expectRefusal(response, 400, 'POLYGON_NOT_CLOSED', 'settings.delivery_areas.0.polygon');
      expect(body.detail).toBe(
        'Centro: a área deve ser um polígono fechado: pelo menos 4 pontos, o último igual ao primeiro.',
      );
    });
    await expectNothingSaved(async () => {
      const response = await save(
        'delivery',
        area([
          [-23.55, -46.64],
          [-123.55, -46.63],
          [-23.57, -46.63],
          [-23.55, -46.64],
        ]),
      );
      expectRefusal(response, 400, 'COORDINATES_OUT_OF_RANGE', 'settings.delivery_areas.0.polygon.1');
    });
    const closed = await save(
      'delivery',
      area([
        [-23.55, -46.67],
        [-23.55, -46.65],
        [-23.57, -46.65],
        [-23.57, -46.67],
        [-23.55, -46.67],
      ]),
    );
    expect(closed.statusCode, closed.body).toBe(200);
  });

  it('lists every problem, the first in field and detail', async () => {
    await expectNothingSaved(async () => {
      const response = await save('menu', (doc) => {
        productAt(doc, 'pudim').product.valor_venda = -1;
        productAt(doc, 'brownie').product.descricao = '';
      });
      const body = expectRefusal(response, 400, 'INVALID_INPUT');
      expect(body.field).toBe(`${productAt((await read()).document, 'brownie').path}.descricao`);
      expect(body.detail).toBe('Sobremesas: campo obrigatório.');
      expect(body.issues?.map((issue) => issue.code)).toEqual(['INVALID_INPUT', 'PRICE_OUT_OF_RANGE']);
    });
  });

  it('a body that is not its section’s: a missing part, a part of another section, the slug', async () => {
    await expectNothingSaved(async () => {
      const { document, menu_version } = await read();
      const put = (section: string, payload: unknown) =>
        call('PUT', `/staff/editor/sections/${section}`, manager.token, { payload, ifMatch: menu_version });
      expectRefusal(
        await put('menu', { categories: document.categories }),
        400,
        'INVALID_INPUT',
        'option_groups',
      );
      expectRefusal(await put('look', { look: document.look, slug: 'sakura' }), 400, 'INVALID_INPUT', 'slug');
      expectRefusal(
        await put('hours', { hours: document.hours, settings: { holidays: [], valor_minimo: 0 } }),
        400,
        'INVALID_INPUT',
        'settings.valor_minimo',
      );
      expectRefusal(await put('loyalty', [1, 2]), 400, 'INVALID_INPUT');
      expect((await put('tables', { tables: [] })).statusCode).toBe(404);
    });
  });

  it('text a database cannot hold, in a name or an address', async () => {
    await expectNothingSaved(async () => {
      expectRefusal(
        await save('menu', (doc) => {
          productAt(doc, 'pudim').product.descricao = 'Pudim\u0000';
        }),
        400,
        'INVALID_INPUT',
      );
      const logo = await save('look', (doc) => {
        doc.look.logo = '/media/x\u0000.webp';
      });
      expect(logo.statusCode, logo.body).toBe(400);
    });
  });

  it('a price written as text or with cents as decimals', async () => {
    await expectNothingSaved(async () => {
      const response = await save('menu', (doc) => {
        (productAt(doc, 'pudim').product as { valor_venda: unknown }).valor_venda = 12.9;
      });
      const body = expectRefusal(response, 400, 'INVALID_INPUT');
      expect(body.detail).toBe(
        'Pudim de leite: o valor deve ser em centavos, um número inteiro (R$ 12,90 é 1290).',
      );
    });
  });
});

describe('another store is out of reach', () => {
  it('refs of another store in a body make rows of this store only', async () => {
    const sakuraId = await storeIdOf(t, SAKURA);
    const sakuraRows = await storeRows(t, sakuraId);
    const sakuraReplies = await menuReplies(t, SAKURA);
    const sakura = await read(sakuraOwner.token, SAKURA);
    const response = await save('menu', (doc) => {
      // Sakura's temakis category and its option group, refs and all, pasted into the pizzaria.
      doc.categories.push(sakura.document.categories[0]!);
      doc.option_groups.push(
        ...sakura.document.option_groups.filter((g) => !doc.option_groups.some((own) => own.ref === g.ref)),
      );
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storeRows(t, sakuraId)).toEqual(sakuraRows);
    expect(await menuReplies(t, SAKURA)).toEqual(sakuraReplies);
    const pizzariaTemaki = await productIdOf(t, 'temaki-salmao', PIZZARIA);
    expect(pizzariaTemaki).not.toBe(await productIdOf(t, 'temaki-salmao', SAKURA));
  });

  it('a payment method id the other store also has is this store’s own', async () => {
    const sakuraId = await storeIdOf(t, SAKURA);
    const sakuraRows = await storeRows(t, sakuraId);
    const response = await save('payments', (doc) => {
      doc.payment_methods[0]!.descricao = 'Dinheiro (troco até R$ 100)';
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storeRows(t, sakuraId)).toEqual(sakuraRows);
  });

  it('a store’s audit log shows its own entries only', async () => {
    const response = await save(
      'contact',
      (doc) => {
        doc.settings.site = 'https://sakura.example/novo';
      },
      { token: sakuraOwner.token, host: SAKURA },
    );
    expect(response.statusCode, response.body).toBe(200);
    const sakuraLog = editorAuditReply.parse(
      (await call('GET', '/staff/editor/audit', sakuraOwner.token, { host: SAKURA })).json(),
    );
    expect(sakuraLog.entries.map((entry) => entry.staff.nome)).toEqual(['Kenji Sato']);
    const pizzariaLog = editorAuditReply.parse(
      (await call('GET', '/staff/editor/audit?limit=100', owner.token)).json(),
    );
    expect(pizzariaLog.entries.map((entry) => entry.staff.nome)).not.toContain('Kenji Sato');
  });
});

describe('the audit log', () => {
  it('pages newest first with limit and before', async () => {
    const all = editorAuditReply.parse(
      (await call('GET', '/staff/editor/audit?limit=100', manager.token)).json(),
    );
    expect(all.entries.length).toBeGreaterThan(3);
    expect(all.next_before).toBeNull();
    const ids = all.entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = editorAuditReply.parse(
      (await call('GET', '/staff/editor/audit?limit=2', manager.token)).json(),
    );
    expect(first.entries.map((entry) => entry.id)).toEqual(ids.slice(0, 2));
    const second = editorAuditReply.parse(
      (await call('GET', `/staff/editor/audit?limit=2&before=${first.next_before}`, manager.token)).json(),
    );
    expect(second.entries.map((entry) => entry.id)).toEqual(ids.slice(2, 4));
    expectRefusal(
      await call('GET', '/staff/editor/audit?limit=0', manager.token),
      400,
      'INVALID_INPUT',
      'limit',
    );
  });
});

describe('the OpenAPI page', () => {
  it('documents every editor call under staff-editor, each section with its body', async () => {
    const spec = (await t.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { tags?: string[]; requestBody?: { content: Record<string, { schema: { properties?: object } }> } }
        >
      >;
    };
    const editorPaths = Object.entries(spec.paths).filter(([path]) => /^\/staff\/(editor|stores)/.test(path));
    for (const [, operations] of editorPaths)
      for (const operation of Object.values(operations)) expect(operation.tags).toEqual(['staff-editor']);
    const paths = editorPaths.map(([path]) => path);
    expect(paths).toContain('/staff/editor/document');
    expect(paths).toContain('/staff/editor/audit');
    expect(paths).toContain('/staff/editor/pictures');
    expect(paths).toContain('/staff/stores');
    for (const section of [
      'menu',
      'hours',
      'delivery',
      'scheduling',
      'payments',
      'coupons',
      'loyalty',
      'contact',
      'look',
    ])
      expect(paths).toContain(`/staff/editor/sections/${section}`);
    const menuBody =
      spec.paths['/staff/editor/sections/menu']!.put!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(menuBody.properties ?? {})).toEqual(['categories', 'option_groups']);
  });
});
