import type { DocumentLook } from '@comanda/contract';
import { lookVars, safeFontFamily } from '@comanda/domain';

/*
 * The look preview (docs/decisions/0032): the store's own menu home in a frame of the same origin
 * (LOOK_PREVIEW_PATH), with the draft's look laid over it by the staff app. Nothing here is part of
 * the customer's bundle: the page is the customer's as it is, and the staff app writes into it
 * (its document is same-origin) the draft's colours and font as CSS variables, its theme, and its
 * header picture, video and logo.
 */

const STYLE_ID = 'look-preview';
/** The header layer this preview draws over the page's own (which stays in place, hidden). */
const LAYER = 'data-look-preview';

/** The CSS the preview adds to the page: the draft's variables win over the page's own look. */
export function previewCss(look: DocumentLook): string {
  const vars = Object.entries(lookVars(look))
    .map(([name, value]) => `${name}:${value} !important`)
    .join(';');
  return (
    `:root{${vars}}` +
    `.hero-media>:not([${LAYER}]){visibility:hidden !important}` +
    `[${LAYER}]{position:absolute;inset:0}`
  );
}

/** What the header layer shows; a new one is drawn only when it changes. */
function layerKey(look: DocumentLook, reducedMotion: boolean): string {
  return JSON.stringify([
    look.bg_image,
    reducedMotion ? null : look.bg_video,
    look.mostrar_logo_banner && look.logo,
  ]);
}

function drawLayer(doc: Document, look: DocumentLook, reducedMotion: boolean): HTMLElement {
  const layer = doc.createElement('div');
  layer.setAttribute(LAYER, layerKey(look, reducedMotion));
  let media: HTMLElement;
  if (look.bg_video && !reducedMotion) {
    const video = doc.createElement('video');
    video.src = look.bg_video;
    if (look.bg_image) video.poster = look.bg_image;
    video.muted = true;
    video.loop = true;
    video.autoplay = true;
    video.playsInline = true;
    media = video;
  } else if (look.bg_image) {
    const image = doc.createElement('img');
    image.src = look.bg_image;
    image.alt = '';
    media = image;
  } else {
    media = doc.createElement('div');
    media.classList.add('hero-fallback');
  }
  media.classList.add('hero-image');
  media.setAttribute('width', '1100');
  media.setAttribute('height', '440');
  layer.append(media);
  if (look.mostrar_logo_banner && look.logo) {
    const logo = doc.createElement('img');
    logo.className = 'hero-logo';
    logo.src = look.logo;
    logo.alt = '';
    logo.setAttribute('width', '72');
    logo.setAttribute('height', '72');
    layer.append(logo);
  }
  return layer;
}

const loadedFonts = new WeakMap<Document, Set<string>>();

function loadFont(doc: Document, look: DocumentLook): void {
  const view = doc.defaultView as (Window & typeof globalThis) | null;
  const family = safeFontFamily(look.font_family);
  if (!look.font_url || !family || !view || typeof view.FontFace !== 'function') return;
  const loaded = loadedFonts.get(doc) ?? new Set<string>();
  loadedFonts.set(doc, loaded);
  const key = `${family}|${look.font_url}`;
  if (loaded.has(key)) return;
  loaded.add(key);
  const face = new view.FontFace(family, `url(${JSON.stringify(look.font_url)})`, { display: 'swap' });
  face.load().then(
    (ready) => doc.fonts.add(ready),
    () => loaded.delete(key),
  );
}

/**
 * Lays the draft's look over the page in `doc`, in the theme `mode`. Idempotent: it writes only
 * what differs, so it can run on every change of the page (the app renders after the frame loads,
 * and sets its own variables and theme as it starts).
 */
export function applyPreview(doc: Document, look: DocumentLook, mode: 'light' | 'dark'): void {
  if (!doc.head || !doc.documentElement) return;
  let style = doc.getElementById(STYLE_ID);
  if (!style) {
    style = doc.createElement('style');
    style.id = STYLE_ID;
    doc.head.append(style);
  }
  const css = previewCss(look);
  if (style.textContent !== css) style.textContent = css;
  if (doc.documentElement.dataset.mode !== mode) doc.documentElement.dataset.mode = mode;
  loadFont(doc, look);

  const reducedMotion = doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const key = layerKey(look, reducedMotion);
  const showLogo = Boolean(look.mostrar_logo_banner && look.logo);
  for (const media of doc.querySelectorAll<HTMLElement>('.menu-hero .hero-media')) {
    const current = media.querySelector(`:scope > [${LAYER}]`);
    if (current?.getAttribute(LAYER) !== key) {
      current?.remove();
      media.append(drawLayer(doc, look, reducedMotion));
    }
    const hero = media.closest('.menu-hero');
    if (hero && hero.classList.contains('menu-hero-no-logo') === showLogo)
      hero.classList.toggle('menu-hero-no-logo', !showLogo);
  }
}
