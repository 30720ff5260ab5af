import { describe, expect, it } from 'vitest';
import { mailtoHref, siteHref, socialHref, telHref } from './contact-links.ts';

describe('contact links', () => {
  it('dials Brazilian numbers with +55', () => {
    expect(telHref('(11) 3255-0000')).toBe('tel:+551132550000');
    expect(telHref('+351 912 345 678')).toBe('tel:+351912345678');
    expect(telHref('n/a')).toBeNull();
  });

  it('writes mailto links only for e-mail addresses', () => {
    expect(mailtoHref(' ola@sakura.example ')).toBe('mailto:ola@sakura.example');
    expect(mailtoHref('not an email')).toBeNull();
  });

  it('links social profiles from a URL or a handle', () => {
    expect(socialHref('https://instagram.com/sakura', 'https://instagram.com/')).toBe(
      'https://instagram.com/sakura',
    );
    expect(socialHref('@sakura', 'https://instagram.com/')).toBe('https://instagram.com/sakura');
    expect(socialHref('', 'https://facebook.com/')).toBeNull();
    expect(socialHref('javascript:alert(1)', 'https://facebook.com/')).toBeNull();
  });

  it('links the site over https', () => {
    expect(siteHref('fornoebrasa.example')).toBe('https://fornoebrasa.example');
    expect(siteHref('https://x.example/menu')).toBe('https://x.example/menu');
    expect(siteHref('javascript:alert(1)')).toBeNull();
  });
});
