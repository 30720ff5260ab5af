import { readBoot } from './boot.ts';
import { MENU_GET_PATHNAME } from './menu-gets.ts';

const MENU_GET = new RegExp(`^${MENU_GET_PATHNAME}(\\?|$)`);

/** A newer version the open page learnt of (store-follower.ts); until then, the page's own. */
let followed: number | undefined;

/** The menu version the page's menu GETs ask under: the boot block's, or a newer one followed since. */
export function currentMenuVersion(): number | undefined {
  return followed ?? readBoot().menuVersion;
}

/** The store changed while the page was open: later menu GETs ask under the new version. */
export function followMenuVersion(version: number): void {
  followed = version;
}

/** Whether a data cache key is a public menu GET (refetched when the menu version changes). */
export const isMenuGet = (path: string): boolean => MENU_GET.test(path);

/**
 * A menu GET asked with the menu version the page holds (`v=`): a menu write changes the URL, so a
 * shared cache in front of the server (docs/decisions/0027) cannot answer a newer page, or an open
 * page that followed the write (docs/decisions/0050), with an older menu. Other calls, and pages
 * without a version, are asked as they are.
 */
export function versionedMenuPath(path: string, version: number | undefined = currentMenuVersion()): string {
  if (version === undefined || !Number.isInteger(version) || !MENU_GET.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}v=${version}`;
}
