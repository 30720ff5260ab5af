import type { AppManifest, Company } from '@comanda/contract';
import { lookCss, lookVars } from '@comanda/domain';

/**
 * The first HTML of a store: the built storefront shell with the store's look (title, colours as
 * CSS variables, icons, manifest, theme colour, preloads of the hero image and font) and the menu
 * start data as <script type="application/json" id="boot">, so the first paint waits for no extra
 * round trip. The CSP forbids inline scripts; a JSON data block is not executed, and inline styles
 * are allowed.
 */

const HEAD_MARK = '<!--store-head-->';
const BOOT_MARK = '<!--store-boot-->';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** JSON that can sit inside a <script> element: no '<' can close it or open a comment. */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Only same-origin paths and https URLs go into attributes. */
function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  return /^(\/(?!\/)|https:\/\/)[^\s"'<>]*$/.test(value) ? value : null;
}

export interface PreparedTemplate {
  html: string;
}

/**
 * The built index.html with its stylesheets inlined (they are small, and a render-blocking request
 * costs a round trip on a phone). `readAsset` returns a file of the build, or null.
 */
export function prepareTemplate(
  indexHtml: string,
  readAsset: (href: string) => string | null,
): PreparedTemplate {
  let html = indexHtml.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (tag, href: string) => {
    const css = readAsset(href);
    return css === null || /<\/style/i.test(css) ? tag : `<style>${css}</style>`;
  });
  if (!html.includes(HEAD_MARK)) html = html.replace('</head>', `${HEAD_MARK}</head>`);
  if (!html.includes(BOOT_MARK)) html = html.replace('</body>', `${BOOT_MARK}</body>`);
  return { html };
}

export interface StorePageData {
  company: Company;
  manifest: AppManifest | null;
  /** The boot object as JSON text (the same bytes the menu endpoints send). */
  bootJson: string | null;
}

/** The store's 192 px icon (else its first icon, else its logo). */
export function storeIcon({ company, manifest }: Pick<StorePageData, 'company' | 'manifest'>): string | null {
  return (
    safeUrl(manifest?.icons.find((i) => i.sizes === '192x192')?.src ?? manifest?.icons[0]?.src) ??
    safeUrl(company.logo)
  );
}

export function headTags({ company, manifest }: StorePageData): string {
  const tags: string[] = [];
  tags.push(`<title>${escapeHtml(company.nome)}</title>`);
  const description = (manifest?.description || company.apresentacao).slice(0, 160);
  if (description) tags.push(`<meta name="description" content="${escapeHtml(description)}">`);
  tags.push(`<meta name="theme-color" content="${escapeHtml(lookVars(company)['--primary']!)}">`);
  tags.push('<link rel="manifest" href="/core/get_app_manifest">');
  const icon = storeIcon({ company, manifest });
  // Always an icon link, so the browser has no reason to ask for /favicon.ico.
  tags.push(`<link rel="icon" href="${icon ? escapeHtml(icon) : 'data:,'}">`);
  if (icon) tags.push(`<link rel="apple-touch-icon" href="${escapeHtml(icon)}">`);
  if (manifest?.fb_domain_verification) {
    tags.push(
      `<meta name="facebook-domain-verification" content="${escapeHtml(manifest.fb_domain_verification)}">`,
    );
  }
  const hero = safeUrl(company.bg_image);
  if (hero) tags.push(`<link rel="preload" as="image" href="${escapeHtml(hero)}" fetchpriority="high">`);
  const font = safeUrl(company.font_url);
  if (font)
    tags.push(`<link rel="preload" as="font" type="font/woff2" href="${escapeHtml(font)}" crossorigin>`);
  return tags.join('');
}

/**
 * The look as a style element, placed last in the head so it wins over the stylesheet's defaults.
 * Colours are validated hex and the font name is stripped to letters, digits, spaces and dashes.
 */
export function lookStyle(company: Company): string {
  return `<style id="store-look">${lookCss(lookVars(company))}</style>`;
}

/**
 * What the menu home paints before its JavaScript runs: the top bar with the store's name and the
 * header picture (the page's largest element). Same classes and sizes as the React components
 * (app/layout/top-bar.tsx, features/menu/components/menu-header.tsx); React replaces it on mount.
 * Only text that reads the same in every language goes here.
 */
export function prepaintMarkup(company: Company): string {
  const hero = safeUrl(company.bg_image);
  const logo = company.mostrar_logo_banner ? safeUrl(company.logo) : null;
  const media = hero
    ? `<img class="hero-image" src="${escapeHtml(hero)}" alt="" width="1100" height="440" fetchpriority="high">`
    : '<div class="hero-image hero-fallback"></div>';
  const logoImg = logo
    ? `<img class="hero-logo" src="${escapeHtml(logo)}" alt="" width="72" height="72">`
    : '';
  return (
    `<div class="app" data-prepaint><header class="top-bar"><h1 class="top-bar-title">${escapeHtml(company.nome)}</h1></header>` +
    `<main class="main"><div class="route-view"><section class="${logo ? 'menu-hero' : 'menu-hero menu-hero-no-logo'}">` +
    `<div class="hero-media">${media}${logoImg}</div></section></div></main></div>`
  );
}

/** The menu home's paths: '/', '/home' (other screens are not pre-painted). */
export const isHomePath = (pathname: string) =>
  pathname === '/' || pathname === '/home' || pathname === '/home/';

export function renderStorePage(
  template: PreparedTemplate,
  data: StorePageData,
  options: { prepaint?: boolean } = {},
): string {
  const mode = data.company.default_style_mode === 'dark' ? 'dark' : 'light';
  const boot = data.bootJson
    ? `<script type="application/json" id="boot">${scriptSafeJson(data.bootJson)}</script>`
    : '';
  return template.html
    .replace(/<html([^>]*?)\sdata-mode="[^"]*"/, '<html$1')
    .replace('<html', `<html data-mode="${mode}"`)
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(HEAD_MARK, () => headTags(data))
    .replace('</head>', () => `${lookStyle(data.company)}</head>`)
    .replace(BOOT_MARK, () => boot)
    .replace('<div id="root"></div>', () =>
      options.prepaint ? `<div id="root">${prepaintMarkup(data.company)}</div>` : '<div id="root"></div>',
    );
}
