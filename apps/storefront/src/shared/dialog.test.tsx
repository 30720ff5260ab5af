import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <input aria-label="Código" />
      {open ? (
        <Dialog labelledBy="title" onClose={() => setOpen(false)}>
          <h2 id="title">Aviso</h2>
          <button type="button" onClick={() => setOpen(false)}>
            Entendi
          </button>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('gives focus back to what opened it when it closes', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(screen.getByRole('button', { name: 'Entendi' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Entendi' }));
    expect(screen.getByRole('button', { name: 'Abrir' })).toHaveFocus();
  });

  it('leaves focus where the person put it after it closed', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    // A tap on a field right after 'Entendi', before the dialog's own clean-up has run: focus stays
    // in the field, and what is typed next goes there (it went to 'Abrir' and was lost).
    const field = screen.getByRole('textbox', { name: 'Código' });
    act(() => {
      screen.getByRole('button', { name: 'Entendi' }).click();
      field.focus();
    });
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Entendi' })).toBeNull();
    expect(field).toHaveFocus();
  });
});
