import { describe, expect, it } from 'vitest';
import {
  PRIMARY_MIN_CONTRAST,
  primaryContrast,
  STORE_FONTS,
  storeFont,
  storeFontStylesheet,
} from './look-rules.ts';

describe('primaryContrast', () => {
  it('a light store’s primary colour must carry white text at AA (4.5:1)', () => {
    expect(primaryContrast('#b3261e', 'light')).toEqual({ ratio: 6.53, against: 'white', ok: true });
    expect(primaryContrast('#ffee00', 'light')).toMatchObject({ against: 'white', ok: false });
    expect(primaryContrast('#ff5c8a', 'light')).toMatchObject({ ratio: 2.93, ok: false });
  });

  it('a dark store’s primary colour must stand out on the dark theme’s backgrounds', () => {
    expect(primaryContrast('#ff5c8a', 'dark')).toMatchObject({ against: 'dark', ok: true });
    expect(primaryContrast('#b3261e', 'dark')).toMatchObject({ ratio: 2.6, ok: false });
  });

  it('just below the line is refused, the line itself passes', () => {
    // #767676 is the classic grey at 4.54:1 on white; #777777 is 4.47:1.
    expect(primaryContrast('#767676', 'light')!.ok).toBe(true);
    expect(primaryContrast('#777777', 'light')!.ok).toBe(false);
    expect(PRIMARY_MIN_CONTRAST).toBe(4.5);
  });

  it('has nothing to say about a value that is not a colour', () => {
    expect(primaryContrast('red', 'light')).toBeNull();
  });
});

describe('store fonts', () => {
  it('the system font and the storefront’s own files, each with its file', () => {
    expect(STORE_FONTS.map((font) => font.family)).toEqual(['system-ui', 'Poppins', 'Lora']);
    expect(storeFont('Poppins')?.url).toBe('/media/fonts/poppins-latin-400-normal.woff2');
    expect(storeFont('system-ui')?.url).toBeNull();
    expect(storeFont('Comic Sans MS')).toBeUndefined();
  });
});

describe('storeFontStylesheet', () => {
  it("names the stylesheet beside each store font, for the card provider's frames (ADR 0074)", () => {
    for (const font of STORE_FONTS) {
      if (font.url) expect(storeFontStylesheet(font.url)).toBe(font.url.replace(/\.woff2$/, '.css'));
    }
    expect(storeFontStylesheet('https://fonts.example/x.woff2')).toBeNull();
    expect(storeFontStylesheet('/media/fonts/../secret.woff2')).toBeNull();
  });
});
