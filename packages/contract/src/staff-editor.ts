import {
  BRAZIL_TIME_ZONES,
  DEFAULT_STORE_TIME_ZONE,
  PASSWORD_MAX_LENGTH,
  PHONE_COUNTRIES,
  type PhoneCountry,
  STAFF_ROLES,
} from '@comanda/domain';
import { z } from 'zod';
import { freeText } from './common.ts';

// ---------------------------------------------------------------------------------------------
// The staff editor (issue 17, docs/decisions/0032): a store's document, read whole and saved one
// section at a time. The document's own shape is the store import's (docs/store-import-format.md).

/** The parts of the store document the editor saves, each on its own (tables: /staff/tables). */
export const EDITOR_SECTIONS = [
  'menu',
  'hours',
  'delivery',
  'scheduling',
  'payments',
  'coupons',
  'loyalty',
  'contact',
  'look',
] as const;
export type EditorSection = (typeof EDITOR_SECTIONS)[number];

/**
 * The menu home as the editor's look preview frames it (docs/decisions/0032): the same page, but
 * framed by the store's own origin only, without a service worker and without tracking scripts.
 */
export const LOOK_PREVIEW_PATH = '/?preview=look';

const storeDocumentObject = z
  .record(z.string(), z.unknown())
  .describe('A store document as docs/store-import-format.md describes it, every field written out');

/** GET /staff/editor/document */
export const editorDocumentReply = z.object({
  menu_version: z
    .number()
    .int()
    .describe('Send it back as If-Match when saving a section; any change to the store raises it'),
  document: storeDocumentObject,
  sections: z
    .record(z.enum(EDITOR_SECTIONS), z.array(z.string()))
    .describe("The document paths each section saves, e.g. hours: ['hours', 'settings.holidays']"),
  fonts: z
    .array(z.object({ family: z.string(), url: z.string().nullable() }))
    .describe('The fonts a store may choose: look.font_family and its look.font_url'),
  price_cap: z.number().int().describe('The most a product, variant or option may cost, centavos'),
  payment_provider: z
    .string()
    .nullable()
    .describe('The online payment provider the store has (its settings are not edited here)'),
  payment_provider_webhook: z
    .object({
      ok: z.boolean(),
      url: z.string().describe('The URL registered, its secret blotted out'),
      detail: z.string().nullable().describe('The provider’s words when it refused'),
      at: z.string().describe('When it was tried (ISO 8601)'),
    })
    .nullable()
    .optional()
    .describe(
      'What registering the store’s notification URL at its provider came to (API Pix); null until tried',
    ),
});
export type EditorDocumentReply = z.infer<typeof editorDocumentReply>;

/** PUT /staff/editor/sections/{section} */
export const editorSectionReply = z.object({
  menu_version: z.number().int(),
  changed: z.boolean().describe('false when the section already held exactly this: nothing was written'),
  section: z.record(z.string(), z.unknown()).describe('The section as the store now has it'),
});
export type EditorSectionReply = z.infer<typeof editorSectionReply>;

/** GET /staff/editor/audit */
export const editorAuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .describe('The next_before of the previous page: entries older than that one'),
});

/**
 * What the change history records: a saved editor section, or a store control used during service
 * (docs/decisions/0051): `pause` (before and after hold paused_until, pause_reason; after.minutes
 * when a pause starts) and `sold_out` (after: kind product or option_item, ref, descricao,
 * esgotado, copies), and `roles` (before and after hold the store's capability overrides, issue 33).
 */
export const AUDIT_SECTIONS = [...EDITOR_SECTIONS, 'pause', 'sold_out', 'roles', 'payment_provider'] as const;
export type AuditSection = (typeof AUDIT_SECTIONS)[number];

export const editorAuditEntry = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO instant'),
  section: z.enum(AUDIT_SECTIONS),
  menu_version: z.number().int().describe('The menu version the change produced'),
  staff: z.object({ id: z.number().int(), nome: z.string(), role: z.enum(STAFF_ROLES) }),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type EditorAuditEntry = z.infer<typeof editorAuditEntry>;

export const editorAuditReply = z.object({
  entries: z.array(editorAuditEntry).describe('Newest first'),
  next_before: z.number().int().nullable().describe('Pass as before for the next page; null on the last'),
});
export type EditorAuditReply = z.infer<typeof editorAuditReply>;

// ---------------------------------------------------------------------------------------------
// Pictures

/** What a picture is for: a product (dialog picture and menu-row thumbnail), the header, the logo. */
export const PICTURE_KINDS = ['product', 'banner', 'logo'] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];

/** The most an upload may weigh: a 12 MP phone photo is 2–5 MB as JPEG, more as PNG. */
export const PICTURE_MAX_BYTES = 8 * 1024 * 1024;

/** What the server takes as a picture (it reads the type from the content, whatever is declared). */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

export const pictureQuery = z.object({ kind: z.enum(PICTURE_KINDS).default('product') });

const servedPicture = z.object({
  url: z.string(),
  srcset: z.string().nullable().describe('Every width, for <img srcset>; null when there is one'),
});

/** POST /staff/editor/pictures */
export const pictureReply = servedPicture.extend({
  kind: z.enum(PICTURE_KINDS),
  thumbnail: servedPicture
    .nullable()
    .describe("product: the menu row's square picture (url_miniatura); otherwise null"),
  icons: z
    .object({ icon_192: z.string(), icon_512: z.string() })
    .nullable()
    .describe("logo: the app's icons drawn from it (look.icon_192, look.icon_512); otherwise null"),
});
export type PictureReply = z.infer<typeof pictureReply>;

// ---------------------------------------------------------------------------------------------
// New stores

export const STORE_TEMPLATES = ['blank', 'pizzaria'] as const;
export type StoreTemplate = (typeof STORE_TEMPLATES)[number];

/** POST /staff/stores: a new store and its first owner. */
export const storeCreateRequest = z
  .object({
    slug: freeText(63).describe('The sub-domain: lower-case letters, digits and dashes'),
    nome: freeText(120).describe("The store's name"),
    template: z.enum(STORE_TEMPLATES).default('blank'),
    time_zone: z
      .enum(BRAZIL_TIME_ZONES)
      .default(DEFAULT_STORE_TIME_ZONE)
      .describe("The store's IANA time zone, one of Brazil's (docs/decisions/0043)"),
    owner_phone: freeText(40).describe("The owner's mobile as dialled in its country (BR: DDD + 9 digits)"),
    owner_country: z.enum(PHONE_COUNTRIES as [PhoneCountry, ...PhoneCountry[]]).default('BR'),
    owner_name: freeText(80),
    password: freeText(PASSWORD_MAX_LENGTH * 2).describe("The owner's first password"),
  })
  .strict();
export type StoreCreateRequest = z.infer<typeof storeCreateRequest>;

export const storeCreateReply = z.object({
  slug: z.string(),
  url: z.string().describe("The new store's address; its staff app is at url + /staff"),
  owner: z.object({ user_id: z.number().int(), username: z.string().describe('Login digits') }),
});
export type StoreCreateReply = z.infer<typeof storeCreateReply>;
