import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast, parseHex, readableTextOn } from './color.ts';
import { DARK_BACKGROUNDS, LIGHT_BACKGROUNDS, lookVars, safeFontFamily } from './look-vars.ts';

const ratio = (a: string, b: string) => contrastRatio(parseHex(a)!, parseHex(b)!);

describe('readableTextOn', () => {
  it('picks the text colour with the higher WCAG contrast', () => {
    expect(readableTextOn('#b3261e')).toBe('#ffffff');
    expect(readableTextOn('#ff5c8a')).toBe('#000000');
    expect(readableTextOn('#f2b705')).toBe('#000000');
    expect(readableTextOn('#000')).toBe('#ffffff');
    expect(readableTextOn('#ffffff')).toBe('#000000');
  });

  it('always reaches AA (4.5:1) for normal text', () => {
    for (const bg of [
      '#777777',
      '#808080',
      '#ff0000',
      '#00ff00',
      '#0000ff',
      '#ffff00',
      '#ff5c8a',
      '#2ec4b6',
    ]) {
      expect(ratio(readableTextOn(bg), bg)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to white for an unreadable value', () => {
    expect(readableTextOn('red')).toBe('#ffffff');
  });
});

describe('ensureContrast', () => {
  it('keeps a colour that already passes', () => {
    expect(ensureContrast('#b3261e', LIGHT_BACKGROUNDS)).toBe('#b3261e');
  });

  it('darkens a light primary for light backgrounds and lightens a dark one for dark backgrounds', () => {
    const onLight = ensureContrast('#ff5c8a', LIGHT_BACKGROUNDS);
    const onDark = ensureContrast('#b3261e', DARK_BACKGROUNDS);
    for (const bg of LIGHT_BACKGROUNDS) expect(ratio(onLight, bg)).toBeGreaterThanOrEqual(4.5);
    for (const bg of DARK_BACKGROUNDS) expect(ratio(onDark, bg)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('lookVars', () => {
  it('gives the store colours, readable text on them and AA accents for both themes', () => {
    const vars = lookVars({ primary_color: '#FF5C8A', secondary_color: '#2ec4b6', font_family: 'Lora' });
    expect(vars['--primary']).toBe('#ff5c8a');
    expect(vars['--on-primary']).toBe('#000000');
    expect(vars['--on-secondary']).toBe('#000000');
    expect(vars['--font-body']).toMatch(/^"Lora", system-ui/);
    for (const bg of LIGHT_BACKGROUNDS)
      expect(ratio(vars['--accent-light']!, bg)).toBeGreaterThanOrEqual(4.5);
    for (const bg of DARK_BACKGROUNDS) expect(ratio(vars['--accent-dark']!, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('replaces invalid colours and strips anything that could escape the CSS', () => {
    const vars = lookVars({ primary_color: 'red;}', secondary_color: '', font_family: 'X";}</style><b' });
    expect(vars['--primary']).toMatch(/^#[0-9a-f]{6}$/);
    expect(vars['--font-body']).not.toMatch(/[;{}<>]/);
    expect(safeFontFamily('Open Sans')).toBe('Open Sans');
  });
});
