import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { StaffDateField, TypedClockInput } from './typed-date-field.tsx';

beforeEach(() => {
  languageStore.set('pt_br');
});

/** The field as a form holds it: the date, or null while the box is not a date. */
function Form({ start = '2026-05-05' }: { start?: string }) {
  const [date, setDate] = useState<string | null>(start);
  return (
    <>
      <StaffDateField label="De" value={date ?? ''} onChange={setDate} />
      <output aria-label="valor">{date ?? 'nenhum'}</output>
    </>
  );
}

const value = () => screen.getByRole('status', { name: 'valor' });

describe('a typed date (dd/mm/aaaa)', () => {
  it('shows the date as Brazil writes it and reads what is typed, slashes put in', async () => {
    render(<Form />);
    const box = screen.getByLabelText('De');
    expect(box).toHaveValue('05/05/2026');
    expect(box).toHaveAttribute('type', 'text');
    expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(box).toHaveAccessibleDescription('dd/mm/aaaa');
    await userEvent.clear(box);
    await userEvent.type(box, '31122026');
    expect(box).toHaveValue('31/12/2026');
    expect(value()).toHaveTextContent('2026-12-31');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes 29/02 of a leap year and refuses it otherwise, and 31/04, with the reason beside the box', async () => {
    render(<Form />);
    const box = screen.getByLabelText('De');
    await userEvent.clear(box);
    await userEvent.type(box, '29022028');
    expect(value()).toHaveTextContent('2028-02-29');
    await userEvent.clear(box);
    await userEvent.type(box, '29022027');
    expect(value()).toHaveTextContent('nenhum');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Data inválida: digite dia/mês/ano, como 25/12/2026.',
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(box);
    await userEvent.type(box, '31/04/2026');
    expect(value()).toHaveTextContent('nenhum');
    expect(screen.getByRole('alert')).toBeVisible();
    await userEvent.clear(box);
    await userEvent.type(box, '01012000');
    expect(value()).toHaveTextContent('2000-01-01');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing while a date is half typed, and what is wrong once the box is left', async () => {
    render(<Form />);
    const box = screen.getByLabelText('De');
    await userEvent.clear(box);
    await userEvent.type(box, '2512');
    expect(box).toHaveValue('25/12');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.tab();
    expect(screen.getByRole('alert')).toBeVisible();
  });

  it('speaks English', async () => {
    languageStore.set('en');
    render(<Form />);
    const box = screen.getByLabelText('De');
    expect(box).toHaveAccessibleDescription('dd/mm/yyyy');
    await userEvent.clear(box);
    await userEvent.type(box, '30022026');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Not a date: type day/month/year, such as 25/12/2026.',
    );
  });
});

function Clock() {
  const [clock, setClock] = useState<string | null>(null);
  return (
    <>
      <TypedClockInput aria-label="Hora" value={clock ?? ''} onChange={setClock} />
      <output aria-label="valor">{clock ?? 'nenhum'}</output>
    </>
  );
}

describe('a typed time (HH:MM)', () => {
  it('puts the colon in and reads 00:00 to 23:59 only', async () => {
    render(<Clock />);
    const box = screen.getByLabelText('Hora');
    await userEvent.type(box, '930');
    expect(box).toHaveValue('09:30');
    expect(value()).toHaveTextContent('09:30');
    await userEvent.clear(box);
    await userEvent.type(box, '2359');
    expect(value()).toHaveTextContent('23:59');
    await userEvent.clear(box);
    await userEvent.type(box, '2400');
    expect(box).toHaveValue('24:00');
    expect(value()).toHaveTextContent('nenhum');
  });
});
