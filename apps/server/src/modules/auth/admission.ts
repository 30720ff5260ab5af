import { hashingBusy } from '../../lib/password.ts';

/*
 * Admission of sign-ins on this instance, before their limit counters and their hash
 * (docs/decisions/0020 and its addendum). Each sign-in holds a database connection through its
 * counters, so few run at once; what differs is who waits and who is turned away (503
 * SIGN_IN_BUSY, Retry-After: 5) when more arrive.
 */

/** A lane that runs `max` sign-ins at once and refuses the rest at once (the known devices' lane). */
export class InFlight {
  private running = 0;
  constructor(private readonly max: number) {}

  /** Answers the function that leaves the lane; 503 SIGN_IN_BUSY when the lane is full. */
  enter(): () => void {
    if (this.running >= this.max) throw hashingBusy();
    this.running += 1;
    return once(() => {
      this.running -= 1;
    });
  }
}

interface Waiter {
  source: string;
  admit: (leave: () => void) => void;
  refuse: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export interface FairLaneOptions {
  /** Sign-ins running at once. */
  running: number;
  /** Sign-ins waiting for one of them. */
  waiting: number;
  /** The longest a sign-in waits before it is refused. */
  maxWaitMs: number;
  /** How long a source's arrivals are remembered (the counts restart after it). */
  memoryMs: number;
  now?: () => number;
}

/** Sources remembered at most; beyond it the counts restart (all sources weigh the same again). */
const MAX_SOURCES = 10_000;

/**
 * The ordinary lane, shared fairly between sources (client addresses): `running` sign-ins at once
 * and `waiting` in a queue. A source weighs the sign-ins it sent in the last `memoryMs`, shed ones
 * included. The lightest waiting source goes first, and when the queue is full a newcomer takes the
 * place of the heaviest source's newest waiting sign-in, if that source weighs more than the
 * newcomer's; otherwise the newcomer is refused. One address flooding the lane is thus shed first,
 * and a customer whose address sent a sign-in or two waits behind at most the running ones.
 */
export class FairLane {
  private running = 0;
  private readonly queue: Waiter[] = [];
  private arrivals = new Map<string, number>();
  private memoryStarted: number;
  private readonly now: () => number;

  constructor(private readonly options: FairLaneOptions) {
    this.now = options.now ?? Date.now;
    this.memoryStarted = this.now();
  }

  /** Resolves, once admitted, with the function that leaves the lane; rejects with 503 SIGN_IN_BUSY. */
  enter(source: string): Promise<() => void> {
    this.count(source);
    if (this.running < this.options.running) {
      this.running += 1;
      return Promise.resolve(this.leaver());
    }
    if (this.queue.length >= this.options.waiting) {
      const victim = this.heaviestWaiter();
      if (!victim || this.weight(victim.source) <= this.weight(source)) return Promise.reject(hashingBusy());
      this.drop(victim);
      victim.refuse(hashingBusy());
    }
    return new Promise((admit, refuse) => {
      const waiter: Waiter = {
        source,
        admit,
        refuse,
        timer: setTimeout(() => {
          this.drop(waiter);
          refuse(hashingBusy());
        }, this.options.maxWaitMs),
      };
      waiter.timer.unref?.();
      this.queue.push(waiter);
    });
  }

  private leaver(): () => void {
    return once(() => {
      this.running -= 1;
      const next = this.lightestWaiter();
      if (!next) return;
      this.drop(next);
      this.running += 1;
      next.admit(this.leaver());
    });
  }

  private count(source: string): void {
    const now = this.now();
    if (now - this.memoryStarted >= this.options.memoryMs || this.arrivals.size >= MAX_SOURCES) {
      this.arrivals = new Map();
      this.memoryStarted = now;
    }
    this.arrivals.set(source, (this.arrivals.get(source) ?? 0) + 1);
  }

  private weight(source: string): number {
    return this.arrivals.get(source) ?? 0;
  }

  /** The first waiter of the lightest source (the oldest among equals). */
  private lightestWaiter(): Waiter | undefined {
    let best: Waiter | undefined;
    for (const waiter of this.queue) {
      if (!best || this.weight(waiter.source) < this.weight(best.source)) best = waiter;
    }
    return best;
  }

  /** The newest waiter of the heaviest source (the newest among equals). */
  private heaviestWaiter(): Waiter | undefined {
    let worst: Waiter | undefined;
    for (const waiter of this.queue) {
      if (!worst || this.weight(waiter.source) >= this.weight(worst.source)) worst = waiter;
    }
    return worst;
  }

  private drop(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    const at = this.queue.indexOf(waiter);
    if (at >= 0) this.queue.splice(at, 1);
  }
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
