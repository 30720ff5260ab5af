import type { Company } from '@comanda/contract';
import { lookCss, lookVars, safeFontFamily } from '@comanda/domain';
import { readJson, readStorage, writeStorage } from './storage.ts';

export const FONT_TIMEOUT_MS = 2_000;

/** The last look applied, for a start without the company (offline, the menu not reachable). */
export const LOOK_KEY = 'store_look';

interface SavedLook {
  vars: Record<string, string>;
  mode: 'light' | 'dark';
}

/** The style element the server puts last in the head with the store's variables (same id). */
const LOOK_STYLE_ID = 'store-look';

/**
 * Writes the variables into the look's style element, and only when they changed: the first HTML
 * already holds them, and restyling the whole page again for the same values is a long task on a
 * phone (docs/decisions/0076).
 */
function setLookVars(vars: Record<string, string>) {
  const css = lookCss(vars);
  let style = document.getElementById(LOOK_STYLE_ID);
  if (style?.textContent === css) return;
  if (!style) {
    style = document.createElement('style');
    style.id = LOOK_STYLE_ID;
    document.head.append(style);
  }
  style.textContent = css;
}

/**
 * Without the company (the offline shell, or the start data failed), the store's colours from the
 * last visit, so even the connection problem screen looks like the store; the default mode, or null.
 */
export function restoreSavedLook(): 'light' | 'dark' | null {
  const saved = readJson<SavedLook>(LOOK_KEY);
  if (!saved || typeof saved.vars !== 'object' || saved.vars === null) return null;
  const vars = Object.fromEntries(
    Object.entries(saved.vars).filter(
      ([name, value]) => name.startsWith('--') && typeof value === 'string' && !/[;{}<>]/.test(value),
    ),
  );
  setLookVars(vars);
  return saved.mode === 'dark' || saved.mode === 'light' ? saved.mode : null;
}

const appliedFonts = new Set<string>();

/**
 * Loads the store font and adds it to the document, or gives up after `timeoutMs` (spec section 1:
 * the font load times out after 2 s), leaving the fallback stack in place for this visit.
 */
export async function loadStoreFont(
  family: string,
  url: string,
  timeoutMs = FONT_TIMEOUT_MS,
): Promise<boolean> {
  const name = safeFontFamily(family);
  if (!name || typeof FontFace === 'undefined' || appliedFonts.has(`${name}|${url}`)) return false;
  const face = new FontFace(name, `url(${JSON.stringify(url)})`, { display: 'swap' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const loaded = await Promise.race([face.load(), timeout]);
    if (!loaded) return false;
    document.fonts.add(loaded);
    appliedFonts.add(`${name}|${url}`);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function setMeta(name: string, content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

function ensureLink(rel: string, href: string) {
  if (document.head.querySelector(`link[rel="${rel}"]`)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.append(link);
}

/**
 * Applies the company's look at runtime. The server already put the same variables into the first
 * HTML; this keeps them right when the company changes (refresh) or when the page came without them
 * (the offline shell).
 */
export function applyLook(company: Company): void {
  const vars = lookVars(company);
  setLookVars(vars);
  const saved = JSON.stringify({ vars, mode: company.default_style_mode });
  // The company reply comes again and again with the same look: a write only when it changed.
  if (readStorage(LOOK_KEY) !== saved) writeStorage(LOOK_KEY, saved);
  document.title = company.nome;
  setMeta('theme-color', company.primary_color);
  ensureLink('manifest', '/core/get_app_manifest');
  if (company.font_url) void loadStoreFont(company.font_family, company.font_url);
}
