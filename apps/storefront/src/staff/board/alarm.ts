/**
 * The board's alarm: a sound repeated every 2 s through Web Audio until stopped, in one of a few
 * synthesized sounds (the choice is kept per device). Browsers only let a page make sound after a
 * gesture, so `unlock()` runs from a tap; `blocked` says whether the browser still holds it back.
 */
export const ALARM_SOUNDS = ['bell', 'beeps', 'siren'] as const;
export type AlarmSound = (typeof ALARM_SOUNDS)[number];

/** Each sound as [start offset s, frequency Hz, length s] tones. */
const TONES: Record<AlarmSound, readonly (readonly [number, number, number])[]> = {
  bell: [
    [0, 1318, 0.6],
    [0.3, 988, 0.8],
  ],
  beeps: [
    [0, 880, 0.22],
    [0.25, 660, 0.22],
  ],
  siren: [
    [0, 700, 0.18],
    [0.2, 1000, 0.18],
    [0.4, 700, 0.18],
    [0.6, 1000, 0.18],
  ],
};

export class Alarm {
  private context: AudioContext | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private sound: AlarmSound) {}

  /** Creates the audio context (from a tap) and asks the browser to let it play. */
  unlock(): Promise<void> {
    const AudioContextClass =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return Promise.resolve();
    this.context ??= new AudioContextClass();
    return this.context.resume().catch(() => undefined);
  }

  /** True until the browser lets the page play sound (no context, or one still suspended). */
  get blocked(): boolean {
    return this.context?.state !== 'running';
  }

  setSound(sound: AlarmSound): void {
    this.sound = sound;
  }

  /** One play of the sound: the 'Testar som' button. */
  test(sound: AlarmSound = this.sound): void {
    this.play(sound);
  }

  start(): void {
    if (this.timer !== undefined) return;
    this.play(this.sound);
    this.timer = setInterval(() => this.play(this.sound), 2000);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private play(sound: AlarmSound): void {
    const context = this.context;
    if (!context) return;
    for (const [offset, frequency, length] of TONES[sound]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = sound === 'bell' ? 'sine' : 'square';
      oscillator.frequency.value = frequency;
      const at = context.currentTime + offset;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(sound === 'bell' ? 0.5 : 0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + length + 0.02);
    }
  }
}

const SOUND_KEY = 'staff_alarm_sound';
const SNOOZE_KEY = 'staff_alarm_snoozed_until';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Kept for this page only.
  }
}

/** This device's chosen sound. */
export function savedAlarmSound(): AlarmSound {
  const saved = read(SOUND_KEY);
  return (ALARM_SOUNDS as readonly string[]).includes(saved ?? '') ? (saved as AlarmSound) : 'beeps';
}

export function saveAlarmSound(sound: AlarmSound): void {
  write(SOUND_KEY, sound);
}

/** Until when this device's alarm is snoozed (a reload keeps it); null when it is not. */
export function savedSnooze(now: Date): Date | null {
  const until = Number(read(SNOOZE_KEY));
  return Number.isFinite(until) && until > now.getTime() ? new Date(until) : null;
}

export function saveSnooze(until: Date | null): void {
  write(SNOOZE_KEY, until ? String(until.getTime()) : null);
}
