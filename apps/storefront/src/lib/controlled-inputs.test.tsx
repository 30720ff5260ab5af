import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

/** The test setup installs keepControlledFieldsControlled, as both entries do before rendering. */
function DigitsOnly({ max }: { max: number }) {
  const [digits, setDigits] = useState('');
  return (
    <input
      aria-label="Código"
      value={digits}
      onChange={(event) => setDigits(event.target.value.replace(/\D/g, '').slice(0, max))}
    />
  );
}

describe('a controlled field', () => {
  it('shows what its component rendered, not a keystroke the handler turned down', async () => {
    const user = userEvent.setup();
    render(<DigitsOnly max={4} />);
    const field = screen.getByRole('textbox', { name: 'Código' });
    await user.type(field, 'a');
    expect(field).toHaveValue('');
    await user.type(field, '1b2c3d45');
    expect(field).toHaveValue('1234');
  });

  it('keeps what the handler accepted', async () => {
    const user = userEvent.setup();
    render(<DigitsOnly max={8} />);
    const field = screen.getByRole('textbox', { name: 'Código' });
    await user.type(field, '0420');
    expect(field).toHaveValue('0420');
  });
});
