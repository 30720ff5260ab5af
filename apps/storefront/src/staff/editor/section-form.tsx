import type { DocumentSettings, EditorSection, StoreDocumentBase } from '@comanda/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useLanguage } from '../../lib/preferences.ts';
import { type EditorIssue, useEditor, useSectionDraft } from './editor-context.tsx';
import { useEditorT } from './editor-texts.ts';
import { IssuesContext, issueText } from './fields.tsx';

type Status =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; changed: boolean }
  | { kind: 'refused'; issues: EditorIssue[] }
  | { kind: 'conflict' }
  | { kind: 'failed'; detail: string };

/** Changes one of the draft's parts (its cities, coupons, hours...) from what it holds now. */
export type PartEdit<K extends keyof StoreDocumentBase> = (
  change: (part: StoreDocumentBase[K]) => StoreDocumentBase[K],
) => void;

/** Sets one store setting to a value, for a field's `onChange`; `Keys` narrows it to a section's own. */
export type SettingSetter<Keys extends keyof DocumentSettings = keyof DocumentSettings> = <K extends Keys>(
  key: K,
) => (value: DocumentSettings[K]) => void;

/**
 * The props that tie a field to one store setting: the issue `path` the server names it by, its value
 * (`checked` for a toggle) and the `onChange` that sets it.
 */
export function bindSettings<Keys extends keyof DocumentSettings>(
  settings: DocumentSettings,
  set: SettingSetter<Keys>,
) {
  return {
    field: <K extends Keys>(key: K) => ({
      path: `settings.${key}`,
      value: settings[key],
      onChange: set(key),
    }),
    toggle: <K extends Keys>(key: K) => ({
      path: `settings.${key}`,
      checked: settings[key],
      onChange: set(key),
    }),
  };
}

/**
 * A section screen's draft and the props of its `SectionForm` (save, discard, dirty state), with the
 * two ways its fields change the draft: one setting by key, or one part of the document.
 */
export function useSectionForm(section: EditorSection, onDirty: (dirty: boolean) => void) {
  const { draft, update, discard, adopt, dirty } = useSectionDraft(section);
  const setSetting: SettingSetter = (key) => (value) =>
    update((document) => ({ ...document, settings: { ...document.settings, [key]: value } }));
  const editPart =
    <K extends keyof StoreDocumentBase>(key: K): PartEdit<K> =>
    (change) =>
      update((document) => ({ ...document, [key]: change(document[key]) }));
  const form = { section, draft, dirty, onDiscard: discard, onSaved: adopt, onDirty };
  return { draft, update, setSetting, editPart, form };
}

/**
 * A section's screen: its fields (read-only for attendants), the problems of a refused save listed
 * on top and beside their fields, and a bar at the bottom to save or discard. `onDirty` tells the
 * editor area whether leaving would lose changes.
 */
export function SectionForm({
  section,
  title,
  intro,
  draft,
  dirty,
  onDiscard,
  onSaved,
  onDirty,
  screenDisablesFields = false,
  children,
}: {
  section: EditorSection;
  title: string;
  intro?: string;
  draft: StoreDocumentBase;
  dirty: boolean;
  onDiscard: () => void;
  onSaved: (document: StoreDocumentBase) => void;
  onDirty?: (dirty: boolean) => void;
  /**
   * The screen disables its own inputs for those who only read (the menu editor, whose lists and
   * screens an attendant still opens); otherwise the whole fieldset is disabled for them.
   */
  screenDisablesFields?: boolean;
  children: ReactNode;
}) {
  const t = useEditorT();
  const language = useLanguage();
  const { canEdit, save, reload } = useEditor();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const issues = status.kind === 'refused' ? status.issues : [];

  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!canEdit || status.kind === 'saving') return;
    setStatus({ kind: 'saving' });
    const result = await save(section, draft);
    if (result.kind === 'saved') {
      onSaved(result.document);
      setStatus({ kind: 'saved', changed: result.changed });
    } else {
      setStatus(result);
    }
  };

  return (
    <form className="editor-section" onSubmit={submit} noValidate aria-labelledby={`editor-${section}-title`}>
      <h2 id={`editor-${section}-title`}>{title}</h2>
      {intro ? <p className="staff-muted">{intro}</p> : null}
      {canEdit ? null : <p className="staff-notice">{t('viewOnly')}</p>}
      {status.kind === 'refused' ? (
        <div className="staff-error editor-issues" role="alert">
          <p>{t('refused', { count: issues.length })}</p>
          <ul>
            {issues.map((issue) => (
              <li key={`${issue.field}|${issue.detail}`}>{issueText(issue, t, language)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <IssuesContext.Provider value={issues}>
        <fieldset className="editor-fields" disabled={!canEdit && !screenDisablesFields}>
          {children}
        </fieldset>
      </IssuesContext.Provider>
      {canEdit ? (
        <div className="editor-savebar">
          <p className="editor-status" role="status">
            {status.kind === 'saving'
              ? t('saving')
              : status.kind === 'conflict'
                ? t('conflict')
                : status.kind === 'failed'
                  ? t('saveFailed', { detail: status.detail })
                  : dirty
                    ? t('unsaved')
                    : status.kind === 'saved'
                      ? t(status.changed ? 'saved' : 'unchanged')
                      : ''}
          </p>
          {status.kind === 'conflict' ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setStatus({ kind: 'idle' });
                onDiscard();
                void reload();
              }}
            >
              {t('reloadDiscard')}
            </button>
          ) : (
            <button
              type="button"
              className="button button-secondary"
              disabled={!dirty || status.kind === 'saving'}
              onClick={() => {
                setStatus({ kind: 'idle' });
                onDiscard();
              }}
            >
              {t('discard')}
            </button>
          )}
          <button
            type="submit"
            className="button button-primary"
            disabled={!dirty || status.kind === 'saving'}
            aria-busy={status.kind === 'saving'}
          >
            {status.kind === 'saving' ? t('saving') : t('save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}
