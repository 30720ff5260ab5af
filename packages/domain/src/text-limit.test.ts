import { describe, expect, it } from 'vitest';
import { truncateText } from './text-limit.ts';

describe('truncateText', () => {
  it('keeps text within the limit as it is', () => {
    expect(truncateText('Sem cebola', 50)).toBe('Sem cebola');
  });

  it('cuts at the limit', () => {
    expect(truncateText('abcdef', 3)).toBe('abc');
  });

  it('never leaves half of an emoji at the limit', () => {
    const notes = `${'a'.repeat(49)}🍕`;
    expect(notes.length).toBe(51);
    expect(truncateText(notes, 50)).toBe('a'.repeat(49));
    expect(truncateText(`${'a'.repeat(48)}🍕`, 50)).toBe(`${'a'.repeat(48)}🍕`);
  });
});
