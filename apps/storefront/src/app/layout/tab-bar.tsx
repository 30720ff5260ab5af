import { Link, useLocation } from 'wouter';
import { CartIcon, MenuBookIcon, PersonIcon } from '../../components/icons.tsx';
import { useCartLineCount } from '../../lib/cart-store.ts';
import { useT } from '../../lib/i18n.ts';
import { TAB_PATHS, tabForPath } from '../navigation.ts';

/** Bottom tab bar: menu, cart (badge: cart lines), profile. */
export function TabBar() {
  const t = useT();
  const [location] = useLocation();
  const active = tabForPath(location);
  const lines = useCartLineCount();
  return (
    <nav className="tab-bar" aria-label={t('mainNavigation')}>
      <ul className="tab-bar-list">
        <li>
          <Link href={TAB_PATHS[0]} className="tab-bar-link" aria-current={active === 0 ? 'page' : undefined}>
            <MenuBookIcon />
            <span>{t('tabMenu')}</span>
          </Link>
        </li>
        <li>
          <Link href={TAB_PATHS[1]} className="tab-bar-link" aria-current={active === 1 ? 'page' : undefined}>
            <span className="tab-bar-icon">
              <CartIcon />
              {lines > 0 ? (
                <span className="badge" aria-hidden="true">
                  {lines > 99 ? '99+' : lines}
                </span>
              ) : null}
            </span>
            <span>{t('tabCart')}</span>
            {lines > 0 ? <span className="sr-only">, {t('cartLines', { count: lines })}</span> : null}
          </Link>
        </li>
        <li>
          <Link href={TAB_PATHS[2]} className="tab-bar-link" aria-current={active === 2 ? 'page' : undefined}>
            <PersonIcon />
            <span>{t('tabProfile')}</span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
