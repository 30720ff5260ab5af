import type {
  EditorAuditReply,
  EditorDocumentReply,
  EditorSection,
  EditorSectionReply,
  PictureKind,
  PictureReply,
  StoreCreateReply,
  StoreCreateRequest,
  StoreDocumentBase,
} from '@comanda/contract';
import { staffFetch } from '../lib/staff-api.ts';

/*
 * The staff editor's calls (docs/decisions/0032): the store's document read whole, saved one section
 * at a time with the version read as If-Match, pictures uploaded raw, the audit log, new stores.
 */

/** GET /staff/editor/document, its document typed as the contract's store document. */
export interface EditorDocument extends Omit<EditorDocumentReply, 'document'> {
  document: StoreDocumentBase;
}

export function loadEditorDocument(): Promise<EditorDocument> {
  return staffFetch<EditorDocument>('/staff/editor/document');
}

/** PUT /staff/editor/sections/{section}: the body is the section's part of the document. */
export function putSection(
  section: EditorSection,
  body: Record<string, unknown>,
  version: number,
): Promise<EditorSectionReply> {
  return staffFetch<EditorSectionReply>(`/staff/editor/sections/${section}`, {
    method: 'PUT',
    json: body,
    headers: { 'If-Match': `"${version}"` },
  });
}

/** POST /staff/editor/pictures: the file's bytes as the body; the server reads its type from them. */
export function uploadPicture(file: Blob, kind: PictureKind): Promise<PictureReply> {
  return staffFetch<PictureReply>(`/staff/editor/pictures?kind=${kind}`, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
}

export function loadAudit(before: number | null, limit = 20): Promise<EditorAuditReply> {
  return staffFetch<EditorAuditReply>(
    `/staff/editor/audit?limit=${limit}${before ? `&before=${before}` : ''}`,
  );
}

export function createStore(request: StoreCreateRequest): Promise<StoreCreateReply> {
  return staffFetch<StoreCreateReply>('/staff/stores', { method: 'POST', json: request });
}
