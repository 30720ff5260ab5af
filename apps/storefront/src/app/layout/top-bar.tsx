import { lazy, Suspense, useState } from 'react';
import { InfoIcon, MoonIcon, MoreIcon, SunIcon } from '../../components/icons.tsx';
import { switchLanguage, useT } from '../../lib/i18n.ts';
import { setMode, useLanguage, useMode } from '../../lib/preferences.ts';
import { useSignedIn } from '../../lib/session.ts';
import { useCompany } from '../../lib/start-data.ts';
import { openStoreInfo } from '../../lib/store-info.ts';
import { useCurrentRoute } from '../routes.tsx';

const AccountMenu = lazy(() => import('./account-menu.tsx'));
const loadStoreInfo = () => import('../../features/store-info/components/store-info-dialog.tsx');

/** Page title plus icons: info, dark/light and PT/EN for visitors; an account menu once signed in. */
export function TopBar() {
  const t = useT();
  const { route } = useCurrentRoute();
  const { data: company } = useCompany();
  const signedIn = useSignedIn();
  const mode = useMode();
  const language = useLanguage();
  const [menuOpen, setMenuOpen] = useState(false);
  // Signed out with the menu open (a 401 elsewhere): the next sign-in starts with it closed.
  if (menuOpen && !signedIn) setMenuOpen(false);
  const title = route.title ? t(route.title) : (company?.nome ?? '');

  return (
    <header className="top-bar">
      <h1 className="top-bar-title">{title}</h1>
      <div className="top-bar-actions">
        {signedIn ? (
          <>
            <button
              type="button"
              className="icon-button"
              aria-label={t('accountMenu')}
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? 'account-menu' : undefined}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <MoreIcon />
            </button>
            {menuOpen ? (
              <Suspense fallback={null}>
                <AccountMenu onClose={() => setMenuOpen(false)} />
              </Suspense>
            ) : null}
          </>
        ) : (
          <>
            <button
              type="button"
              className="icon-button"
              aria-label={t('storeInfo')}
              onPointerEnter={loadStoreInfo}
              onFocus={loadStoreInfo}
              onClick={openStoreInfo}
            >
              <InfoIcon />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={mode === 'dark' ? t('useLightMode') : t('useDarkMode')}
              onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}
            >
              {mode === 'dark' ? <SunIcon /> : <MoonIcon />}
            </button>
            <button
              type="button"
              className="icon-button language-button"
              aria-label={t('switchLanguage')}
              onClick={() => void switchLanguage(language === 'en' ? 'pt_br' : 'en')}
            >
              {language === 'en' ? 'PT' : 'EN'}
            </button>
          </>
        )}
      </div>
    </header>
  );
}
