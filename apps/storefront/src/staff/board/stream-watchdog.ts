/**
 * How the board knows its event stream is alive (docs/decisions/0048). The staff stream sends
 * `event: heartbeat` every 5 s; anything heard (a heartbeat, an order, a call) proves the stream
 * alive. Silence for `timeoutMs` (three missed beats), or the browser saying it is offline, means
 * the board may be missing orders: 'down' until something is heard again.
 *
 * 'connecting' is the board's first connection: not alive yet, nothing to alarm about yet.
 */
export type LinkState = 'connecting' | 'live' | 'down';

/** Within 20 s of a silent drop: the last beat came at most 5 s before the drop, plus 15 s of silence. */
export const WATCHDOG_TIMEOUT_MS = 15_000;

export interface WatchdogHandlers {
  /** The state changed (never called twice with the same state). */
  onState: (state: LinkState) => void;
  /** The stream went quiet for the timeout: close it and open another. Called again each timeout. */
  onSilence: () => void;
}

export class StreamWatchdog {
  private current: LinkState = 'connecting';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private offline = false;

  constructor(
    private readonly handlers: WatchdogHandlers,
    private readonly timeoutMs = WATCHDOG_TIMEOUT_MS,
  ) {}

  get state(): LinkState {
    return this.current;
  }

  /** The first connection is being opened; offline from the start counts as down at once. */
  start(online: boolean): void {
    if (!online) {
      this.wentOffline();
      return;
    }
    this.arm();
  }

  /** Something came through the stream. */
  heard(): void {
    if (this.offline) return;
    this.arm();
    this.set('live');
  }

  /** The browser's `offline` event: no stream can be trusted, whatever it last said. */
  wentOffline(): void {
    this.offline = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.set('down');
  }

  /** The browser's `online` event: still down until the new stream is heard. */
  cameOnline(): void {
    if (!this.offline) return;
    this.offline = false;
    this.arm();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.set('down');
      this.arm();
      this.handlers.onSilence();
    }, this.timeoutMs);
  }

  private set(state: LinkState): void {
    if (state === this.current) return;
    this.current = state;
    this.handlers.onState(state);
  }
}
