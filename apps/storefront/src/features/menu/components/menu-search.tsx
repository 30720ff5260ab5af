import { SearchIcon } from '../../../components/icons.tsx';
import type { Translate } from '../../../lib/i18n.ts';

export function MenuSearch({
  value,
  onChange,
  t,
}: {
  value: string;
  onChange: (value: string) => void;
  t: Translate;
}) {
  return (
    <search className="menu-search">
      <label htmlFor="menu-search-input" className="sr-only">
        {t('searchLabel')}
      </label>
      <SearchIcon className="menu-search-icon" />
      <input
        id="menu-search-input"
        className="menu-search-input"
        type="search"
        placeholder={t('searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </search>
  );
}
