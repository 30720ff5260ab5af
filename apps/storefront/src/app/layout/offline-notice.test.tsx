import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { START_PATHS } from '../../lib/start-data.ts';
import { company } from '../../test/fixtures.ts';
import { renderWithData } from '../../test/render.tsx';
import { OfflineNotice } from './offline-notice.tsx';

describe('OfflineNotice', () => {
  beforeEach(() => languageStore.set('pt_br'));
  afterEach(() => {
    vi.restoreAllMocks();
    languageStore.set('pt_br');
  });

  it('is a banner with an icon and its text apart, in both languages (issue 34, #13)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithData(<OfflineNotice />, { [START_PATHS.company]: [company()] });
    const banner = screen.getByRole('status');
    expect(banner).toHaveClass('banner', 'banner-offline');
    expect(banner.querySelector('svg.banner-icon')).not.toBeNull();
    expect(banner.querySelector('span')).toHaveTextContent(
      'Você está sem internet. Este é o último cardápio salvo.',
    );
    act(() => languageStore.set('en'));
    expect(screen.getByRole('status')).toHaveTextContent('You are offline. This is the last menu saved.');
  });

  it('says nothing online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderWithData(<OfflineNotice />, { [START_PATHS.company]: [company()] });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
