import { describe, expect, it } from 'vitest';
import { versionedMenuPath } from './menu-version.ts';

describe('menu GETs asked with the menu version', () => {
  it('adds v to the public menu calls', () => {
    expect(versionedMenuPath('/estoque/produtos_app?format=json', 12)).toBe(
      '/estoque/produtos_app?format=json&v=12',
    );
    expect(versionedMenuPath('/estoque/produtos_full_app/7?format=json&local=local', 12)).toBe(
      '/estoque/produtos_full_app/7?format=json&local=local&v=12',
    );
    expect(versionedMenuPath('/core/get_app_manifest', 3)).toBe('/core/get_app_manifest?v=3');
    expect(versionedMenuPath('/bar/v2/tables/list/', 3)).toBe('/bar/v2/tables/list/?v=3');
  });

  it('leaves personal calls, other paths and pages without a version as they are', () => {
    expect(versionedMenuPath('/core/cliente_app/7?format=json', 12)).toBe('/core/cliente_app/7?format=json');
    expect(versionedMenuPath('/core/cupons_disponiveis_app?format=json', 12)).toBe(
      '/core/cupons_disponiveis_app?format=json',
    );
    expect(versionedMenuPath('/estoque/produtos_apps', 12)).toBe('/estoque/produtos_apps');
    expect(versionedMenuPath('/estoque/produtos_app?format=json', undefined)).toBe(
      '/estoque/produtos_app?format=json',
    );
  });
});
