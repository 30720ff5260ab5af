import { primaryContrast } from '@comanda/domain';
import { describe, expect, it } from 'vitest';
import { contrastAdvice, normaliseHex } from './look-model.ts';

describe("the look's primary colour, checked as it is typed", () => {
  it('passes a dark red in a light store, against white text', () => {
    expect(contrastAdvice('#b3261e', 'light')).toMatchObject({
      ok: true,
      against: 'white',
      suggestion: null,
    });
  });

  it('refuses a pale yellow in a light store and offers a darker colour that passes', () => {
    const advice = contrastAdvice('#f5e663', 'light')!;
    expect(advice).toMatchObject({ ok: false, against: 'white' });
    expect(advice.ratio).toBeLessThan(4.5);
    expect(primaryContrast(advice.suggestion!, 'light')!.ok).toBe(true);
  });

  it("measures a dark store's colour against the dark backgrounds: sakura's pink passes there and not in a light store", () => {
    expect(contrastAdvice('#ff5c8a', 'dark')).toMatchObject({ ok: true, against: 'dark' });
    expect(contrastAdvice('#ff5c8a', 'light')).toMatchObject({ ok: false, against: 'white' });
    const dark = contrastAdvice('#3a0d1a', 'dark')!;
    expect(dark.ok).toBe(false);
    expect(primaryContrast(dark.suggestion!, 'dark')!.ok).toBe(true);
  });

  it('reads a hex code however it is typed, as the document writes it', () => {
    expect(normaliseHex('#C0392B')).toBe('#c0392b');
    expect(normaliseHex('c0392b')).toBe('#c0392b');
    expect(normaliseHex('#c33')).toBe('#cc3333');
    expect(normaliseHex('#c0392')).toBeNull();
    expect(normaliseHex('red')).toBeNull();
  });
});
