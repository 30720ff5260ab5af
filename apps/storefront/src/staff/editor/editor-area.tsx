import type { StaffAccount } from '@comanda/contract';
import { type Capability, staffMay } from '@comanda/domain';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useCallback, useState } from 'react';
import { ConfirmDialog } from '../../shared/confirm-dialog.tsx';
import { EditorProvider, useEditorDocument } from './editor-context.tsx';
import { type EditorTextKey, useEditorT } from './editor-texts.ts';
import type { SectionProps } from './section-props.ts';
import './editor.css';

/*
 * The store editor in the staff app (issue 17, docs/decisions/0034): 'Cardápio' is the menu editor,
 * 'Ajustes' lists the store's other sections and pages. Every screen loads on demand; the store's
 * document is read once here and shared.
 */

type Screen = ComponentType<SectionProps>;

interface Entry {
  id: string;
  screen: LazyExoticComponent<Screen>;
  /** What opening it needs beyond reading the store (the server refuses the rest anyway). */
  needs?: Capability;
}

const SETTINGS: Entry[] = [
  { id: 'hours', screen: lazy(() => import('./settings/hours-section.tsx')) },
  { id: 'delivery', screen: lazy(() => import('./settings/delivery-section.tsx')) },
  { id: 'scheduling', screen: lazy(() => import('./settings/scheduling-section.tsx')) },
  { id: 'payments', screen: lazy(() => import('./settings/payments-section.tsx')) },
  {
    id: 'provider',
    screen: lazy(() => import('./settings/provider-section.tsx')),
    needs: 'payments.pix_key',
  },
  {
    id: 'whatsapp',
    screen: lazy(() => import('./settings/whatsapp-section.tsx')),
    needs: 'whatsapp.settings',
  },
  { id: 'contact', screen: lazy(() => import('./settings/contact-section.tsx')) },
  { id: 'coupons', screen: lazy(() => import('./settings/coupons-section.tsx')) },
  { id: 'loyalty', screen: lazy(() => import('./settings/loyalty-section.tsx')) },
  { id: 'look', screen: lazy(() => import('./settings/look-section.tsx')) },
  { id: 'audit', screen: lazy(() => import('./audit/audit-view.tsx')), needs: 'settings.audit' },
  { id: 'newStore', screen: lazy(() => import('./new-store/new-store-view.tsx')), needs: 'stores.create' },
];

/** 'Cardápio': the menu editor (section `menu`). */
const MenuScreen: LazyExoticComponent<Screen> = lazy(() => import('./menu/menu-screen.tsx'));

/** Both areas stay mounted while the staff app shows other tabs, so a draft survives a look at the board. */
export default function EditorArea({
  mode,
  me,
  onMenuDirty,
}: {
  mode: 'menu' | 'settings' | null;
  me: StaffAccount;
  /** Whether the menu has unsaved changes (its tab says so while another is shown). */
  onMenuDirty?: (dirty: boolean) => void;
}) {
  const t = useEditorT();
  const [loaded, retry] = useEditorDocument();
  if (mode === null && loaded.kind !== 'ready') return null;
  if (loaded.kind === 'loading') return <p className="staff-muted editor-loading">{t('loadingDocument')}</p>;
  if (loaded.kind === 'failed')
    return (
      <div className="staff-error editor-loading" role="alert">
        <p>{t('loadFailed', { detail: loaded.detail })}</p>
        <button type="button" className="button button-secondary" onClick={() => void retry()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  return (
    <EditorProvider
      initial={loaded.reply}
      canEdit={staffMay(me.role, 'settings.edit', me.capability_overrides)}
    >
      <div hidden={mode !== 'menu'}>
        <MenuArea onDirty={onMenuDirty} />
      </div>
      <div hidden={mode !== 'settings'}>
        <SettingsArea me={me} />
      </div>
    </EditorProvider>
  );
}

function MenuArea({ onDirty }: { onDirty?: ((dirty: boolean) => void) | undefined }) {
  const t = useEditorT();
  const tell = useCallback((dirty: boolean) => onDirty?.(dirty), [onDirty]);
  return (
    <main className="editor-area">
      <Suspense fallback={<p className="staff-muted">{t('loadingDocument')}</p>}>
        <MenuScreen onDirty={tell} />
      </Suspense>
    </main>
  );
}

function SettingsArea({ me }: { me: StaffAccount }) {
  const t = useEditorT();
  const [open, setOpen] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const onDirty = useCallback((value: boolean) => setDirty(value), []);
  const entries = SETTINGS.filter((entry) =>
    staffMay(me.role, entry.needs ?? 'settings.read', me.capability_overrides),
  );
  const entry = entries.find((candidate) => candidate.id === open);
  const back = () => {
    setDirty(false);
    setLeaving(false);
    setOpen(null);
  };

  if (entry) {
    const Screen = entry.screen;
    return (
      <main className="editor-area">
        <button
          type="button"
          className="button button-secondary button-small staff-back"
          onClick={() => (dirty ? setLeaving(true) : back())}
        >
          ‹ {t('back')}
        </button>
        <Suspense fallback={<p className="staff-muted">{t('loadingDocument')}</p>}>
          <Screen onDirty={onDirty} />
        </Suspense>
        {leaving ? (
          <ConfirmDialog
            title={t('leaveTitle')}
            question={t('leaveQuestion')}
            state="ask"
            errorText=""
            labels={{ cancel: t('leaveStay'), confirm: t('leaveDiscard'), sending: '', retry: '' }}
            onCancel={() => setLeaving(false)}
            onConfirm={back}
          />
        ) : null}
      </main>
    );
  }
  return (
    <main className="editor-area">
      <nav aria-label={t('settingsTab')}>
        <ul className="editor-menu">
          {entries.map((item) => (
            <li key={item.id}>
              <button type="button" onClick={() => setOpen(item.id)}>
                <span className="staff-strong">{t(`section_${item.id}` as EditorTextKey)}</span>
                <span className="staff-muted">{t(`sectionHint_${item.id}` as EditorTextKey)}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
