import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CANCEL_REASONS,
  DEFAULT_REFUSAL_REASONS,
  ORDER_REASONS_LIMITS,
  orderReasonsProblem,
} from './store-controls.ts';

describe('preset refusal and cancel reasons', () => {
  it('the defaults follow the rules they are checked by', () => {
    expect(orderReasonsProblem(DEFAULT_REFUSAL_REASONS)).toBeNull();
    expect(orderReasonsProblem(DEFAULT_CANCEL_REASONS)).toBeNull();
    expect(DEFAULT_REFUSAL_REASONS.length).toBeGreaterThan(0);
  });

  it('takes up to the limits and an empty list (the defaults again)', () => {
    expect(orderReasonsProblem([])).toBeNull();
    const full = Array.from({ length: ORDER_REASONS_LIMITS.maxCount }, (_, i) =>
      `${i}`.padEnd(ORDER_REASONS_LIMITS.maxLength, 'x'),
    );
    expect(orderReasonsProblem(full)).toBeNull();
  });

  it('names what is wrong: blank, too long, too many, repeated (without case or spaces)', () => {
    expect(orderReasonsProblem(['Item em falta', '  '])).toBe('blank');
    expect(orderReasonsProblem(['x'.repeat(ORDER_REASONS_LIMITS.maxLength + 1)])).toBe('too_long');
    expect(
      orderReasonsProblem(Array.from({ length: ORDER_REASONS_LIMITS.maxCount + 1 }, (_, i) => `${i}`)),
    ).toBe('too_many');
    expect(orderReasonsProblem(['Item em falta', ' ITEM EM FALTA '])).toBe('repeated');
    // Spaces around a reason do not count towards its length.
    expect(orderReasonsProblem([` ${'x'.repeat(ORDER_REASONS_LIMITS.maxLength)} `])).toBeNull();
  });
});
