import { useT } from '../../../lib/i18n.ts';

const ROWS = [0, 1, 2, 3, 4];

/** Shown while the menu loads: the same shapes as the real page, so nothing jumps when it arrives. */
export function MenuSkeleton() {
  const t = useT();
  return (
    <div className="menu-skeleton" role="status" aria-busy="true">
      <span className="sr-only">{t('loadingMenu')}</span>
      <div className="skeleton skeleton-hero" />
      <div className="skeleton skeleton-info" />
      <div className="skeleton skeleton-search" />
      {ROWS.map((row) => (
        <div key={row} className="skeleton-row">
          <div className="skeleton-lines">
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-line skeleton-line-short" />
          </div>
          <div className="skeleton skeleton-thumb" />
        </div>
      ))}
    </div>
  );
}
