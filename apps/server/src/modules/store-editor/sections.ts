import type { EditorSection } from '@comanda/contract';
import { z } from 'zod';
import { type ExportedDocument, storeDocument } from '../store-import/index.ts';

/*
 * The editor's sections (docs/decisions/0032): each owns some top-level parts of the store document
 * and some of its settings. A section's body is the document cut down to those parts, so a path in
 * the body is the same path in the document (`categories.0.products.2.valor_venda`).
 *
 * Not in any section: `slug` (the store's address), `tables` (issue 19's /staff/tables), the
 * payment provider (its secrets), `settings.pausada` (the open/closed controls), and the settings of
 * the operator (`environment`, the order limits `qtd_maxima_item` and `valor_maximo_pedido`, the
 * table self-checkout's `self_checkout_require_imply_pay`, the tracking ids). They stay as the store
 * has them; `store:import` changes them.
 */

type TopKey = Exclude<keyof ExportedDocument, 'slug' | 'settings' | 'tables'>;
type SettingsKey = keyof ExportedDocument['settings'];

export const SECTIONS: Record<EditorSection, { top: TopKey[]; settings: SettingsKey[] }> = {
  menu: { top: ['categories', 'option_groups'], settings: [] },
  hours: { top: ['hours'], settings: ['holidays', 'time_zone'] },
  delivery: {
    top: ['cities'],
    settings: [
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
    ],
  },
  scheduling: {
    top: [],
    settings: ['agendamento_ativo', 'permite_agendamento', 'schedule_step_minutes', 'schedule_capacity'],
  },
  payments: {
    top: ['payment_methods'],
    settings: [
      'online_payment',
      'payment_by_pix',
      'payment_by_card',
      'payment_key',
      'expiration_time_pix',
      'delivery_customer_doc_required',
    ],
  },
  coupons: { top: ['coupons'], settings: [] },
  loyalty: { top: ['loyalty'], settings: [] },
  contact: {
    top: [],
    settings: [
      'nome',
      'apresentacao',
      'endereco',
      'contato',
      'email_contato',
      'whatsapp',
      'facebook',
      'instagram',
      'site',
    ],
  },
  look: { top: ['look'], settings: [] },
};

export type SectionBody = Record<string, unknown>;

/** The document paths a section saves, for the editor's screens. */
export function sectionPaths(section: EditorSection): string[] {
  const { top, settings } = SECTIONS[section];
  return [...top, ...settings.map((key) => `settings.${key}`)];
}

/** The section's part of a document, in the shape of its body. */
export function sectionOf(doc: ExportedDocument, section: EditorSection): SectionBody {
  const { top, settings } = SECTIONS[section];
  const out: SectionBody = {};
  for (const key of top) out[key] = doc[key];
  if (settings.length > 0) {
    const part: SectionBody = {};
    for (const key of settings) part[key] = doc.settings[key];
    out.settings = part;
  }
  return out;
}

/** The document with the section's parts replaced by the body's (shape already checked). */
export function withSection(doc: ExportedDocument, section: EditorSection, body: SectionBody) {
  const { top, settings } = SECTIONS[section];
  const out: Record<string, unknown> = { ...doc, settings: { ...doc.settings } };
  for (const key of top) out[key] = body[key];
  if (settings.length > 0) Object.assign(out.settings as SectionBody, body.settings as SectionBody);
  return out;
}

export interface ShapeProblem {
  field: string;
  kind: 'not_an_object' | 'missing' | 'unknown';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A body must hold exactly its section's parts (a PUT replaces the section whole); what they hold
 * is checked with the whole document.
 */
export function sectionShapeProblem(section: EditorSection, body: unknown): ShapeProblem | null {
  const { top, settings } = SECTIONS[section];
  if (!isObject(body)) return { field: '', kind: 'not_an_object' };
  const expected = [...top, ...(settings.length > 0 ? ['settings'] : [])];
  for (const key of Object.keys(body)) if (!expected.includes(key)) return { field: key, kind: 'unknown' };
  for (const key of expected) if (!(key in body)) return { field: key, kind: 'missing' };
  if (settings.length > 0) {
    const part = body.settings;
    if (!isObject(part)) return { field: 'settings', kind: 'not_an_object' };
    for (const key of Object.keys(part))
      if (!(settings as string[]).includes(key)) return { field: `settings.${key}`, kind: 'unknown' };
    for (const key of settings) if (!(key in part)) return { field: `settings.${key}`, kind: 'missing' };
  }
  return null;
}

/**
 * The section's body as a schema, for the OpenAPI page: the store document's own parts (the server
 * checks them with the whole document, so the refusals name document paths).
 */
export function sectionBodySchema(section: EditorSection) {
  const { top, settings } = SECTIONS[section];
  const shape: Record<string, z.ZodType> = {};
  for (const key of top) shape[key] = storeDocument.shape[key];
  if (settings.length > 0) {
    const settingsShape = storeDocument.shape.settings.shape;
    shape.settings = z.strictObject(Object.fromEntries(settings.map((key) => [key, settingsShape[key]])));
  }
  return z.strictObject(shape);
}
