import { afterEach, describe, expect, it } from 'vitest';
import { clearReturnPath, pathAfterSignIn, peekReturnPath, rememberingReturn } from './sign-in-return.ts';

describe('where sign-in leads (spec section 2 redirect rules)', () => {
  afterEach(() => clearReturnPath());

  it('goes to checkout with a non-empty cart, else to the profile', () => {
    expect(pathAfterSignIn(2, null)).toBe('/confirmation');
    expect(pathAfterSignIn(0, null)).toBe('/profile');
  });

  it('goes back to the screen whose guard sent the visitor to sign in', () => {
    history.replaceState(null, '', '/my_privacy');
    const guard = rememberingReturn(({ signedIn }: { signedIn: boolean }) => (signedIn ? null : '/signin'));
    expect(guard({ signedIn: false })).toBe('/signin');
    expect(peekReturnPath()).toBe('/my_privacy');
    expect(pathAfterSignIn(0, peekReturnPath())).toBe('/my_privacy');
  });

  it('remembers nothing when the guard lets the visitor in or sends them elsewhere', () => {
    history.replaceState(null, '', '/profile');
    expect(rememberingReturn(() => null)({})).toBeNull();
    expect(rememberingReturn(() => '/home')({})).toBe('/home');
    expect(peekReturnPath()).toBeNull();
  });
});
