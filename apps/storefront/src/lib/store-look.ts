import type { Company } from '@comanda/contract';
import { lookVars, safeFontFamily } from '@comanda/domain';

export const FONT_TIMEOUT_MS = 2_000;

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
  const root = document.documentElement.style;
  for (const [name, value] of Object.entries(lookVars(company))) root.setProperty(name, value);
  document.title = company.nome;
  setMeta('theme-color', company.primary_color);
  ensureLink('manifest', '/core/get_app_manifest');
  if (company.font_url) void loadStoreFont(company.font_family, company.font_url);
}
