import { isDeepStrictEqual } from 'node:util';
import {
  type AuditSection,
  EDITOR_SECTIONS,
  type EditorAuditReply,
  type EditorDocumentReply,
  type EditorSection,
  type EditorSectionReply,
  PRICE_CAP,
} from '@comanda/contract';
import { maskPixKey, STORE_FONTS, type StaffRole, staffMay } from '@comanda/domain';
import type { Database, DbExecutor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import {
  applyStoreDocument,
  type ExportedDocument,
  exportStore,
  type storeDocument,
  storeDocumentFor,
} from '../store-import/index.ts';
import { refuse } from './refusals.ts';
import * as repo from './repository.ts';
import { sectionOf, sectionPaths, sectionShapeProblem, withSection } from './sections.ts';

export interface StoreEditorDeps {
  db: Database;
  now: () => Date;
  /** Drops this instance's cached menu replies of a store (other instances see the new version). */
  menuChanged: (storeId: number) => void;
  /** Where the editor's pictures are served (PictureStorage.url): the look takes only those. */
  pictureUrl?: (key: string) => string;
  /**
   * The role rules for money (issue 33, docs/decisions/0059): a PIX key change is an owner's,
   * confirmed with their password, and announced to every owner.
   */
  moneyRules?: {
    confirmOwnerPassword(staff: StaffPrincipal, password: string | undefined): Promise<void>;
    announce(
      tx: DbExecutor,
      staff: StaffPrincipal,
      kind: 'pix_key',
      detail: { before: string | null; after: string | null },
      at: Date,
    ): Promise<void>;
  };
}

/**
 * The store's PIX keys as a document or a section body holds them: each payment method's key and its
 * kind, in order (read leniently: a malformed body is refused later by the document's check).
 */
export function pixKeysOf(part: unknown): { key: string; kind: unknown }[] {
  const methods = (part as { payment_methods?: unknown } | null)?.payment_methods;
  if (!Array.isArray(methods)) return [];
  return methods.flatMap((method) => {
    const key = (method as { chave_pix?: unknown } | null)?.chave_pix;
    return typeof key === 'string' && key.trim() !== ''
      ? [{ key: key.trim(), kind: (method as { tipo_chave_pix?: unknown }).tipo_chave_pix ?? null }]
      : [];
  });
}

const pixKeysChanged = (before: unknown, after: unknown) =>
  !isDeepStrictEqual(pixKeysOf(before), pixKeysOf(after));

const maskedKeys = (part: unknown) => {
  const keys = pixKeysOf(part).map((entry) => maskPixKey(entry.key));
  return keys.length > 0 ? keys.join(', ') : null;
};

const pixKeyOwnerOnly = () =>
  new AppError(
    'forbidden',
    'PIX_KEY_OWNER_ONLY',
    'Só um dono da loja pode mudar a chave PIX ou o provedor de pagamento.',
    { field: 'payment_methods' },
  );

const storeNotFound = () => notFound('STORE_NOT_FOUND', 'Loja não encontrada.');

/** `If-Match: 12`, `"12"` or `W/"12"`: the menu version the editor read. */
export function parseIfMatch(header: string | undefined): number {
  if (header === undefined || header.trim() === '') throw refuse.ifMatchRequired();
  const match = /^(?:W\/)?"?(\d{1,10})"?$/.exec(header.trim());
  if (!match) throw refuse.ifMatchInvalid();
  return Number(match[1]);
}

/**
 * The staff editor (issue 17, docs/decisions/0032): a store's document read whole and saved one
 * section at a time. A save merges the section into the store's current document, validates the
 * whole document with the store import's schema, applies it through the import (which raises the
 * menu version) and records who changed what, all in one transaction that holds the store's row, so
 * a save made from a stale read is refused instead of undoing someone else's.
 */
export class StoreEditorService {
  constructor(private readonly deps: StoreEditorDeps) {}

  /** GET /staff/editor/document */
  async document(staff: StaffPrincipal): Promise<EditorDocumentReply> {
    const { db } = this.deps;
    // One snapshot (repeatable read): the version and the document it describes.
    return db.transaction(
      async (tx) => {
        const version = await repo.menuVersionOf(tx, staff.storeId);
        const exported = await exportStore(tx, staff.storeId);
        if (version === undefined || !exported) throw storeNotFound();
        return {
          menu_version: version,
          document: exported.document,
          sections: Object.fromEntries(
            EDITOR_SECTIONS.map((section) => [section, sectionPaths(section)]),
          ) as Record<EditorSection, string[]>,
          fonts: STORE_FONTS.map((font) => ({ ...font })),
          price_cap: PRICE_CAP,
          payment_provider: exported.extras.paymentProvider,
          payment_provider_webhook: exported.extras.paymentProviderWebhook,
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** PUT /staff/editor/sections/{section} */
  async saveSection(
    staff: StaffPrincipal,
    section: EditorSection,
    body: unknown,
    ifMatch: string | undefined,
  ): Promise<EditorSectionReply> {
    const expected = parseIfMatch(ifMatch);
    // The payments section may carry the owner's password beside its parts (a PIX key change).
    let ownerPassword: string | undefined;
    if (section === 'payments' && typeof body === 'object' && body !== null && 'owner_password' in body) {
      const { owner_password: given, ...rest } = body as Record<string, unknown>;
      ownerPassword = typeof given === 'string' && given.length <= 200 ? given : undefined;
      body = rest;
    }
    const shape = sectionShapeProblem(section, body);
    if (shape) throw refuse.shape(shape);
    const { db, now, moneyRules } = this.deps;
    // A PIX key change is an owner's, confirmed with their password before the transaction (a hash
    // takes a while; the store's row is not held for it), and checked again inside it.
    let keyChangeConfirmed = false;
    if (section === 'payments' && moneyRules) {
      const current = await exportStore(db, staff.storeId);
      if (current && pixKeysChanged(current.document, body)) {
        if (!staffMay(staff.role, 'payments.pix_key')) throw pixKeyOwnerOnly();
        await moneyRules.confirmOwnerPassword(staff, ownerPassword);
        keyChangeConfirmed = true;
      }
    }
    const reply = await db.transaction(async (tx) => {
      const version = await repo.lockMenuVersion(tx, staff.storeId);
      if (version === undefined) throw storeNotFound();
      if (version !== expected) throw refuse.versionConflict(version);
      const current = await exportStore(tx, staff.storeId);
      if (!current) throw storeNotFound();

      const merged = withSection(current.document, section, body as Record<string, unknown>);
      const schema = storeDocumentFor(this.deps.pictureUrl);
      const parsed = schema.safeParse(merged);
      if (!parsed.success) throw refuse.document(parsed.error.issues, merged);
      const before = sectionOf(current.document, section);
      if (unchanged(current.document, parsed.data, section, schema)) {
        return { menu_version: version, changed: false, section: before };
      }

      const keyChanged = section === 'payments' && pixKeysChanged(current.document, parsed.data);
      if (keyChanged && moneyRules && !keyChangeConfirmed) {
        // The key changed under this save since it was read: confirm again.
        if (!staffMay(staff.role, 'payments.pix_key')) throw pixKeyOwnerOnly();
        throw refuse.versionConflict(version);
      }
      await applyStoreDocument(tx, parsed.data);
      const after = await exportStore(tx, staff.storeId);
      const newVersion = await repo.menuVersionOf(tx, staff.storeId);
      const afterSection = sectionOf(after!.document, section);
      const at = now();
      await repo.insertAudit(tx, {
        storeId: staff.storeId,
        staffId: staff.staffId,
        at,
        section,
        menuVersion: newVersion!,
        before,
        after: afterSection,
      });
      if (keyChanged && moneyRules) {
        await moneyRules.announce(
          tx,
          staff,
          'pix_key',
          { before: maskedKeys(current.document), after: maskedKeys(parsed.data) },
          at,
        );
      }
      return { menu_version: newVersion!, changed: true, section: afterSection };
    });
    if (reply.changed) this.deps.menuChanged(staff.storeId);
    return reply;
  }

  /** GET /staff/editor/audit */
  async audit(
    staff: StaffPrincipal,
    query: { limit: number; before?: number | undefined },
  ): Promise<EditorAuditReply> {
    const rows = await repo.listAudit(this.deps.db, staff.storeId, query.limit, query.before);
    return {
      entries: rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        section: row.section as AuditSection,
        menu_version: row.menuVersion,
        staff: { id: row.staffId, nome: row.nome, role: row.role as StaffRole },
        before: row.before as Record<string, unknown>,
        after: row.after as Record<string, unknown>,
      })),
      next_before: rows.length === query.limit ? rows.at(-1)!.id : null,
    };
  }
}

/** Whether the saved section is what the store has already (read back the way the import reads it). */
function unchanged(
  current: ExportedDocument,
  next: ExportedDocument,
  section: EditorSection,
  schema: typeof storeDocument,
): boolean {
  // The store's current document as the save reads it; a picture it has from before the rule on
  // look pictures (issue 30) makes it differ, so the save goes through the check.
  const normalised = schema.safeParse(current);
  if (!normalised.success) return false;

  return isDeepStrictEqual(sectionOf(normalised.data, section), sectionOf(next, section));
}
