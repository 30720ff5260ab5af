import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LinkState, StreamWatchdog, WATCHDOG_TIMEOUT_MS } from './stream-watchdog.ts';

describe('StreamWatchdog', () => {
  let states: LinkState[];
  let silences: number;
  let watchdog: StreamWatchdog;
  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    silences = 0;
    watchdog = new StreamWatchdog({
      onState: (state) => states.push(state),
      onSilence: () => {
        silences += 1;
      },
    });
  });
  afterEach(() => {
    watchdog.stop();
    vi.useRealTimers();
  });

  it('goes live when the stream is first heard, and stays live while heartbeats come every 5 s', () => {
    watchdog.start(true);
    expect(watchdog.state).toBe('connecting');
    vi.advanceTimersByTime(300);
    watchdog.heard();
    for (let beat = 0; beat < 20; beat += 1) {
      vi.advanceTimersByTime(5_000);
      watchdog.heard();
    }
    expect(states).toEqual(['live']);
    expect(silences).toBe(0);
  });

  it('a silent drop is declared within 20 s (the default timeout is 15 s), and asks for a new stream', () => {
    watchdog.start(true);
    watchdog.heard();
    // The worst case: the drop comes just after a heartbeat was heard.
    vi.advanceTimersByTime(WATCHDOG_TIMEOUT_MS - 1);
    expect(watchdog.state).toBe('live');
    vi.advanceTimersByTime(1);
    expect(watchdog.state).toBe('down');
    expect(WATCHDOG_TIMEOUT_MS).toBeLessThanOrEqual(20_000 - 5_000);
    expect(silences).toBe(1);
    // Still silent: it keeps asking for a new stream every timeout, without repeating the state.
    vi.advanceTimersByTime(WATCHDOG_TIMEOUT_MS * 2);
    expect(silences).toBe(3);
    expect(states).toEqual(['live', 'down']);
  });

  it('a first connection that never answers is declared down too', () => {
    watchdog.start(true);
    vi.advanceTimersByTime(WATCHDOG_TIMEOUT_MS);
    expect(states).toEqual(['down']);
  });

  it('comes back live, once, when the new stream is heard', () => {
    watchdog.start(true);
    watchdog.heard();
    vi.advanceTimersByTime(WATCHDOG_TIMEOUT_MS);
    watchdog.heard();
    watchdog.heard();
    expect(states).toEqual(['live', 'down', 'live']);
    vi.advanceTimersByTime(WATCHDOG_TIMEOUT_MS - 1);
    expect(watchdog.state).toBe('live');
  });

  it('the browser going offline is down at once, whatever an old stream still says, until online and heard', () => {
    watchdog.start(true);
    watchdog.heard();
    watchdog.wentOffline();
    expect(watchdog.state).toBe('down');
    watchdog.heard();
    expect(watchdog.state).toBe('down');
    // No new stream is asked for while offline.
    vi.advanceTimersByTime(WATCHDOG_TIMEOUT_MS * 3);
    expect(silences).toBe(0);
    watchdog.cameOnline();
    expect(watchdog.state).toBe('down');
    watchdog.heard();
    expect(states).toEqual(['live', 'down', 'live']);
  });

  it('online again but the stream stays silent: down, and a new stream is asked for after the timeout', () => {
    watchdog.start(true);
    watchdog.heard();
    watchdog.wentOffline();
    watchdog.cameOnline();
    vi.advanceTimersByTime(WATCHDOG_TIMEOUT_MS);
    expect(watchdog.state).toBe('down');
    expect(silences).toBe(1);
  });

  it('offline from the start is down at once', () => {
    watchdog.start(false);
    expect(states).toEqual(['down']);
  });

  it('takes a shorter timeout', () => {
    const quick = new StreamWatchdog(
      { onState: (state) => states.push(state), onSilence: () => undefined },
      2_000,
    );
    quick.start(true);
    quick.heard();
    vi.advanceTimersByTime(2_000);
    expect(quick.state).toBe('down');
    quick.stop();
  });
});
