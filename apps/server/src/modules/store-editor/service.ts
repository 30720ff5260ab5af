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
import { STORE_FONTS, type StaffRole } from '@comanda/domain';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
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
}

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
    const shape = sectionShapeProblem(section, body);
    if (shape) throw refuse.shape(shape);
    const { db, now } = this.deps;
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

      await applyStoreDocument(tx, parsed.data);
      const after = await exportStore(tx, staff.storeId);
      const newVersion = await repo.menuVersionOf(tx, staff.storeId);
      const afterSection = sectionOf(after!.document, section);
      await repo.insertAudit(tx, {
        storeId: staff.storeId,
        staffId: staff.staffId,
        at: now(),
        section,
        menuVersion: newVersion!,
        before,
        after: afterSection,
      });
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
