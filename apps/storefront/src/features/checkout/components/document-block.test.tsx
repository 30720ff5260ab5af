import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { useCheckoutT } from '../checkout-texts.ts';
import { DocumentBlock } from './document-block.tsx';

function Harness() {
  return (
    <DocumentBlock
      value=""
      onChange={vi.fn()}
      required={false}
      pending={false}
      requiredByStore={false}
      t={useCheckoutT()}
    />
  );
}

describe('DocumentBlock', () => {
  beforeEach(() => languageStore.set('pt_br'));

  it('names the field once on screen: the card title, the label only for screen readers (issue 34, #14)', () => {
    const { container } = render(<Harness />);
    expect(screen.getByRole('heading', { name: 'CPF ou CNPJ na nota' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'CPF ou CNPJ' });
    const label = container.querySelector(`label[for="${field.id}"]`);
    expect(label).toHaveClass('sr-only');
    expect(container.querySelectorAll('.field-label')).toHaveLength(0);
  });
});
