import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useAvailableCoupons } from '../../features/coupons/api/available-coupons.ts';
import { openCouponsDialog } from '../../lib/coupons-dialog.ts';
import { switchLanguage, useT } from '../../lib/i18n.ts';
import { setMode, useLanguage, useMode } from '../../lib/preferences.ts';
import { signOut } from '../../lib/sign-out.ts';
import { openStoreInfo } from '../../lib/store-info.ts';

/**
 * The signed-in top bar menu (spec section 2): profile, store info, my orders, light/dark,
 * privacy, language, logout, and the available coupons when there are any. A disclosure (button +
 * list of actions), closed by Escape or a tap outside.
 */
export default function AccountMenu({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [, navigate] = useLocation();
  const mode = useMode();
  const language = useLanguage();
  const ref = useRef<HTMLUListElement>(null);
  const coupons = useAvailableCoupons();

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);

  const go = (path: string) => () => {
    onClose();
    navigate(path);
  };
  const logout = () => {
    onClose();
    void signOut(() => navigate('/home'));
  };

  const items: { key: string; label: string; onSelect: () => void }[] = [
    { key: 'profile', label: t('menuProfile'), onSelect: go('/profile') },
    {
      key: 'info',
      label: t('storeInfo'),
      onSelect: () => {
        onClose();
        openStoreInfo();
      },
    },
    ...(coupons.length > 0
      ? [
          {
            key: 'coupons',
            label: t('menuCoupons', { count: coupons.length }),
            onSelect: () => {
              onClose();
              openCouponsDialog();
            },
          },
        ]
      : []),
    { key: 'orders', label: t('menuOrders'), onSelect: go('/mobile/orders') },
    {
      key: 'mode',
      label: mode === 'dark' ? t('useLightMode') : t('useDarkMode'),
      onSelect: () => setMode(mode === 'dark' ? 'light' : 'dark'),
    },
    { key: 'privacy', label: t('menuPrivacy'), onSelect: go('/my_privacy') },
    {
      key: 'language',
      label: t('switchLanguage'),
      // The menu's labels change language under the finger: it closes, like every other action.
      onSelect: () => {
        onClose();
        void switchLanguage(language === 'en' ? 'pt_br' : 'en');
      },
    },
    { key: 'logout', label: t('menuLogout'), onSelect: logout },
  ];

  return (
    <ul ref={ref} id="account-menu" className="account-menu" aria-label={t('accountMenu')}>
      {items.map((item) => (
        <li key={item.key}>
          <button type="button" className="account-menu-item" onClick={item.onSelect}>
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
