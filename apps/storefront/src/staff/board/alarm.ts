/**
 * The new-order alarm: a two-tone beep every 2 s through Web Audio until stopped. Browsers only
 * let a page make sound after a tap, so `unlock()` runs from the 'Ativar som' button.
 */
export class Alarm {
  private context: AudioContext | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;

  unlock(): void {
    const AudioContextClass =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    this.context ??= new AudioContextClass();
    void this.context.resume();
  }

  start(): void {
    if (this.timer !== undefined) return;
    this.beep();
    this.timer = setInterval(() => this.beep(), 2000);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private beep(): void {
    const context = this.context;
    if (!context) return;
    for (const [offset, frequency] of [
      [0, 880],
      [0.25, 660],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, context.currentTime + offset);
      gain.gain.exponentialRampToValueAtTime(0.4, context.currentTime + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + offset + 0.22);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(context.currentTime + offset);
      oscillator.stop(context.currentTime + offset + 0.24);
    }
  }
}
