import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { company } from '../test/fixtures.ts';
import { applyLook, FONT_TIMEOUT_MS, loadStoreFont, restoreSavedLook } from './store-look.ts';

class FakeFontFace {
  static next: Promise<unknown> = new Promise(() => {});
  constructor(
    readonly family: string,
    readonly source: string,
  ) {}
  load() {
    return FakeFontFace.next.then(() => this);
  }
}

const fonts = { add: vi.fn() };

const lookVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

describe('store look', () => {
  beforeEach(() => {
    fonts.add.mockClear();
    // happy-dom has no FontFaceSet.
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives up on a font that takes more than 2 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('FontFace', FakeFontFace);
    FakeFontFace.next = new Promise(() => {});
    const result = loadStoreFont('Slow Font', '/media/fonts/slow.woff2');
    await vi.advanceTimersByTimeAsync(FONT_TIMEOUT_MS);
    expect(await result).toBe(false);
    expect(fonts.add).not.toHaveBeenCalled();
  });

  it('adds a font that loads in time', async () => {
    vi.stubGlobal('FontFace', FakeFontFace);
    FakeFontFace.next = Promise.resolve();
    expect(await loadStoreFont('Quick Font', '/media/fonts/quick.woff2')).toBe(true);
    expect(fonts.add).toHaveBeenCalledWith(expect.objectContaining({ family: 'Quick Font' }));
  });

  it('applies title, colours, theme colour and the manifest link', () => {
    applyLook(company({ nome: 'Sakura', primary_color: '#ff5c8a', font_url: null }));
    expect(document.title).toBe('Sakura');
    expect(lookVar('--on-primary')).toBe('#000000');
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', '#ff5c8a');
    expect(document.querySelector('link[rel="manifest"]')).toHaveAttribute('href', '/core/get_app_manifest');
  });

  it("keeps the store's colours over a stylesheet added after them (a lazy chunk's, the staff app's)", () => {
    applyLook(company({ primary_color: '#ff5c8a', font_url: null }));
    const later = document.createElement('style');
    later.textContent = ':root{--primary:#b3261e}';
    document.head.append(later);
    onTestFinished(() => later.remove());
    expect(lookVar('--primary')).toBe('#ff5c8a');
  });

  it("keeps the store's colours for a start without the company (offline: the connection screen in its colours)", () => {
    applyLook(company({ primary_color: '#ff5c8a', default_style_mode: 'dark', font_url: null }));
    document.getElementById('store-look')?.remove();
    expect(lookVar('--primary')).toBe('');
    expect(restoreSavedLook()).toBe('dark');
    expect(lookVar('--primary')).toBe('#ff5c8a');
  });
});
