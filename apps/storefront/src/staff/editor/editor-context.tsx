import type { EditorSection, StoreDocumentBase } from '@comanda/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { OwnerPasswordDialog } from '../lib/owner-password-dialog.tsx';
import { StaffApiError } from '../lib/staff-api.ts';
import { sameSection, sectionBody, withSectionBody } from './document-sections.ts';
import { type EditorDocument, loadEditorDocument, putSection } from './editor-api.ts';

/*
 * The store's document as the editor last read it, shared by every section's screen. A screen edits
 * a draft of the whole document and saves its own section with the version read (If-Match). When
 * the store changed meanwhile (409: a sold-out switch, another screen's save), the document is read
 * again: if this section is as it was, the save is sent again on the new version; if someone
 * changed this very section, the screen says so instead of overwriting it.
 */

/** One problem of a refused section, as the server names it (its document path, code and words). */
export interface EditorIssue {
  field: string;
  code: string;
  detail: string;
}

export type SaveResult =
  | { kind: 'saved'; changed: boolean; document: StoreDocumentBase }
  | { kind: 'refused'; issues: EditorIssue[] }
  | { kind: 'conflict' }
  | { kind: 'failed'; detail: string };

interface EditorValue {
  reply: EditorDocument;
  canEdit: boolean;
  save(section: EditorSection, draft: StoreDocumentBase): Promise<SaveResult>;
  reload(): Promise<void>;
}

const EditorContext = createContext<EditorValue | null>(null);

export function useEditor(): EditorValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside EditorProvider');
  return value;
}

type Loaded =
  | { kind: 'loading' }
  | { kind: 'failed'; detail: string }
  | { kind: 'ready'; reply: EditorDocument };

export function useEditorDocument(): [Loaded, () => Promise<void>] {
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const load = useCallback(async () => {
    try {
      setState({ kind: 'ready', reply: await loadEditorDocument() });
    } catch (caught) {
      setState({ kind: 'failed', detail: caught instanceof Error ? caught.message : String(caught) });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return [state, load];
}

export function EditorProvider({
  initial,
  canEdit,
  children,
}: {
  initial: EditorDocument;
  canEdit: boolean;
  children: ReactNode;
}) {
  const [reply, setReply] = useState(initial);
  const current = useRef(reply);
  current.current = reply;

  // A PIX key change asks for the owner's password (issue 33): the save waits on this dialog.
  const [passwordAsk, setPasswordAsk] = useState<{
    error: string | null;
    answer: (password: string | null) => void;
  } | null>(null);
  const askPassword = useCallback(
    (error: string | null) =>
      new Promise<string | null>((resolve) =>
        setPasswordAsk({
          error,
          answer: (password) => {
            setPasswordAsk(null);
            resolve(password);
          },
        }),
      ),
    [],
  );

  const reload = useCallback(async () => {
    const fresh = await loadEditorDocument();
    current.current = fresh;
    setReply(fresh);
  }, []);

  const save = useCallback(
    async (section: EditorSection, draft: StoreDocumentBase): Promise<SaveResult> => {
      const paths = current.current.sections[section] ?? [];
      let body: Record<string, unknown> = sectionBody(draft, paths);
      const attempt = async (base: EditorDocument, retried: boolean): Promise<SaveResult> => {
        try {
          const saved = await putSection(section, body, base.menu_version);
          const next: EditorDocument = {
            ...base,
            menu_version: saved.menu_version,
            document: withSectionBody(base.document, saved.section),
          };
          current.current = next;
          setReply(next);
          return { kind: 'saved', changed: saved.changed, document: next.document };
        } catch (caught) {
          if (!(caught instanceof StaffApiError)) return { kind: 'failed', detail: String(caught) };
          if (caught.code === 'OWNER_PASSWORD_REQUIRED' || caught.code === 'OWNER_PASSWORD_WRONG') {
            const password = await askPassword(caught.code === 'OWNER_PASSWORD_WRONG' ? caught.detail : null);
            if (password === null) return { kind: 'failed', detail: caught.detail };
            body = { ...body, owner_password: password };
            return attempt(base, retried);
          }
          if (caught.status === 409 && caught.code === 'MENU_VERSION_CONFLICT' && !retried) {
            const fresh = await loadEditorDocument();
            current.current = fresh;
            setReply(fresh);
            if (!sameSection(fresh.document, base.document, paths)) return { kind: 'conflict' };
            return attempt(fresh, true);
          }
          if (caught.status === 400) {
            const reported = (caught.body as { issues?: EditorIssue[] }).issues;
            const issues = reported?.length
              ? reported
              : [
                  {
                    field: (caught.body as { field?: string }).field ?? '',
                    code: caught.code ?? '',
                    detail: caught.detail,
                  },
                ];
            return { kind: 'refused', issues };
          }
          return { kind: 'failed', detail: caught.detail };
        }
      };
      return attempt(current.current, false);
    },
    [askPassword],
  );

  return (
    <EditorContext.Provider value={{ reply, canEdit, save, reload }}>
      {children}
      {passwordAsk ? <OwnerPasswordDialog error={passwordAsk.error} onAnswer={passwordAsk.answer} /> : null}
    </EditorContext.Provider>
  );
}

/**
 * A screen's draft of the document: edits stay here until saved; after a save or a reload the draft
 * follows the store's document again (the server's own writing of what was saved, e.g. 11:00 →
 * 11:00:00). `dirty` says whether the section differs from the store's.
 */
export function useSectionDraft(section: EditorSection) {
  const { reply } = useEditor();
  const paths = reply.sections[section] ?? [];
  const [state, setState] = useState(() => ({ base: reply.document, draft: reply.document }));
  let { base, draft } = state;
  if (base !== reply.document) {
    // The store's document moved: keep the draft only where it differs from what was read before.
    const untouched = sameSection(draft, base, paths);
    base = reply.document;
    draft = untouched ? reply.document : draft;
    setState({ base, draft });
  }
  const dirty = !sameSection(draft, reply.document, paths);
  const update = useCallback(
    (change: (draft: StoreDocumentBase) => StoreDocumentBase) =>
      setState((previous) => ({ ...previous, draft: change(previous.draft) })),
    [],
  );
  const discard = useCallback(() => setState((previous) => ({ ...previous, draft: previous.base })), []);
  /** After a save: the draft is the store's document as the server wrote it. */
  const adopt = useCallback(
    (document: StoreDocumentBase) => setState({ base: document, draft: document }),
    [],
  );
  return { draft, update, discard, adopt, dirty, paths };
}
