import type { Company } from '@comanda/contract';
import { lookVars, safeFontFamily } from '@comanda/domain';
import { readJson, writeStorage } from './storage.ts';

export const FONT_TIMEOUT_MS = 2_000;

/** The last look applied, for a start without the company (offline, the menu not reachable). */
export const LOOK_KEY = 'store_look';

interface SavedLook {
  vars: Record<string, string>;
  mode: 'light' | 'dark';
}

function setLookVars(vars: Record<string, string>) {
  const root = document.documentElement.style;
  for (const [name, value] of Object.entries(vars)) root.setProperty(name, value);
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
  writeStorage(LOOK_KEY, JSON.stringify({ vars, mode: company.default_style_mode }));
  document.title = company.nome;
  setMeta('theme-color', company.primary_color);
  ensureLink('manifest', '/core/get_app_manifest');
  if (company.font_url) void loadStoreFont(company.font_family, company.font_url);
}
