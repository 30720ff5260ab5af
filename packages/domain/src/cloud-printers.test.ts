import { describe, expect, it } from 'vitest';
import { CLOUD_PRINTER_SILENT_AFTER_MS, cloudPrinterState, isPrintedCode } from './cloud-printers.ts';

const now = new Date('2026-11-27T20:00:00Z');
const justNow = new Date(now.getTime() - 2_000);

describe('cloud printer states from CloudPRNT status codes', () => {
  it.each([
    ['200 OK', 'ready'],
    ['200%20OK', 'ready'],
    ['201', 'ready'],
    ['211 Paper low', 'paper_low'],
    ['410 Out of paper', 'paper_out'],
    ['411 Paper jam', 'paper_jam'],
    ['420 Cover open', 'cover_open'],
    ['400 Printer error', 'printer_error'],
    ['510 Incompatible media type', 'client_error'],
    ['', 'client_error'],
  ])('%s is %s', (code, state) => {
    expect(cloudPrinterState(code, justNow, now)).toBe(state);
  });

  it('a printer that never polled, or stopped polling, says so whatever its last code', () => {
    expect(cloudPrinterState(null, null, now)).toBe('never_polled');
    const longAgo = new Date(now.getTime() - CLOUD_PRINTER_SILENT_AFTER_MS - 1);
    expect(cloudPrinterState('200 OK', longAgo, now)).toBe('silent');
  });

  it('a confirmation code is a success only when it says OK or 2xx', () => {
    for (const code of ['OK', '200 OK', '200', '211 Paper low']) expect(isPrintedCode(code)).toBe(true);
    for (const code of ['410 Out of paper', '510', '520 Timeout', 'okay', '2']) {
      expect(isPrintedCode(code)).toBe(false);
    }
  });
});
