import type { DocumentLook } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import { applyPreview, previewCss } from './look-preview.ts';

const look = (overrides: Partial<DocumentLook> = {}): DocumentLook => ({
  primary_color: '#f5e663',
  secondary_color: '#2ec4b6',
  font_family: 'system-ui',
  font_url: null,
  default_style_mode: 'light',
  logo: '/media/nova/logo.webp',
  icon_192: null,
  icon_512: null,
  bg_image: '/media/nova/banner.webp',
  bg_video: null,
  mostrar_logo_banner: true,
  ...overrides,
});

/** The menu home's header as the storefront renders it (menu-header.tsx), with the store's own look. */
function menuHome(): Document {
  const doc = document.implementation.createHTMLDocument('menu');
  doc.documentElement.dataset.mode = 'light';
  doc.documentElement.style.setProperty('--primary', '#b3261e');
  doc.body.innerHTML =
    '<section class="menu-hero"><div class="hero-media">' +
    '<img class="hero-image" src="/media/pizzaria/banner.webp" alt=""><img class="hero-logo" src="/media/pizzaria/logo.webp" alt="">' +
    '</div><div class="hero-info"></div></section>';
  return doc;
}

describe("the look preview laid over the store's menu home", () => {
  it("puts the draft's colours over the ones the page set, with the text colour that reads on them", () => {
    const css = previewCss(look());
    expect(css).toContain('--primary:#f5e663 !important');
    // Pale yellow carries black text on the storefront (ADR 0011).
    expect(css).toContain('--on-primary:#000000 !important');
    expect(css).toContain('--secondary:#2ec4b6 !important');
  });

  it("draws the draft's header picture and logo over the page's own, in the theme asked for", () => {
    const doc = menuHome();
    applyPreview(doc, look(), 'dark');
    expect(doc.documentElement.dataset.mode).toBe('dark');
    expect(doc.getElementById('look-preview')?.textContent).toContain('--primary:#f5e663');
    const layer = doc.querySelector('.hero-media > [data-look-preview]')!;
    // Elements of another document: read as the page holds them.
    expect(layer.querySelector('img.hero-image')?.getAttribute('src')).toBe('/media/nova/banner.webp');
    expect(layer.querySelector('img.hero-logo')?.getAttribute('src')).toBe('/media/nova/logo.webp');
  });

  it('follows the draft as it changes, once per change: no logo on the banner, the secondary colour behind it', () => {
    const doc = menuHome();
    applyPreview(doc, look(), 'light');
    applyPreview(doc, look({ mostrar_logo_banner: false, bg_image: null }), 'light');
    applyPreview(doc, look({ mostrar_logo_banner: false, bg_image: null }), 'light');
    const layers = doc.querySelectorAll('[data-look-preview]');
    expect(layers).toHaveLength(1);
    expect(layers[0]!.querySelector('.hero-fallback')).not.toBeNull();
    expect(layers[0]!.querySelector('.hero-logo')).toBeNull();
    expect(doc.querySelector('.menu-hero')?.classList.contains('menu-hero-no-logo')).toBe(true);
    expect(doc.querySelectorAll('#look-preview')).toHaveLength(1);
  });
});
