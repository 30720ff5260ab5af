import { readBoot } from './boot.ts';
import { MENU_GET_PATHNAME } from './menu-gets.ts';

const MENU_GET = new RegExp(`^${MENU_GET_PATHNAME}(\\?|$)`);

/**
 * A menu GET asked with the menu version the page came with (`v=`): a menu write changes the URL,
 * so a shared cache in front of the server (docs/decisions/0027) cannot answer a newer page with an
 * older menu. Other calls, and pages without a version, are asked as they are.
 */
export function versionedMenuPath(
  path: string,
  version: number | undefined = readBoot().menuVersion,
): string {
  if (version === undefined || !Number.isInteger(version) || !MENU_GET.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}v=${version}`;
}
