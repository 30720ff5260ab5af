import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectFacebookPixel, injectTagManager } from './tracking.ts';

let added: Node[] = [];
const scripts = () => added.map((node) => (node as HTMLScriptElement).getAttribute('src'));

describe('tracking', () => {
  beforeEach(() => {
    added = [];
    // Capture the script elements instead of letting the test DOM fetch them.
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      added.push(...(nodes as Node[]));
    });
  });
  afterEach(() => {
    delete window.dataLayer;
    delete window.fbq;
  });

  it('adds nothing for a store without ids', () => {
    expect(injectTagManager(null)).toBe(false);
    expect(injectFacebookPixel(null)).toBe(false);
    expect(scripts()).toEqual([]);
  });

  it('loads Tag Manager for the store id, without inline script', () => {
    expect(injectTagManager('GTM-ABC123')).toBe(true);
    expect(scripts()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-ABC123']);
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'gtm.js' });
  });

  it('loads the Facebook pixel and queues init and PageView', () => {
    expect(injectFacebookPixel('1234567890')).toBe(true);
    expect(scripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    expect(window.fbq?.queue).toEqual([
      ['init', '1234567890'],
      ['track', 'PageView'],
    ]);
  });

  it('refuses ids that are not ids', () => {
    expect(injectTagManager('"><script>')).toBe(false);
    expect(scripts()).toEqual([]);
  });
});
