import { DOCUMENT_MAX_LENGTH, formatDocument, normalizeDocument } from '@comanda/domain';
import { forwardRef, useState } from 'react';
import { TextField } from '../../../components/text-field.tsx';
import type { CheckoutT } from '../checkout-texts.ts';

export interface DocumentBlockProps {
  value: string;
  onChange: (value: string) => void;
  /** The quote's document: a valid one is required for this order, and none is given yet. */
  required: boolean;
  pending: boolean;
  /** The store requires it for this delivery (shown as a hint). */
  requiredByStore: boolean;
  t: CheckoutT;
}

/**
 * Spec section 5 "Customer document": CPF or CNPJ (also the alphanumeric CNPJ), formatted while
 * typing, at most 14 characters; 'a valid document is required' while one is pending.
 */
export const DocumentBlock = forwardRef<HTMLInputElement, DocumentBlockProps>(function DocumentBlock(
  { value, onChange, required, pending, requiredByStore, t },
  ref,
) {
  // A CPF and the usual CNPJ are digits: the numeric keyboard, until the customer asks for letters
  // (the alphanumeric CNPJ) or the value already has some.
  const [letters, setLetters] = useState(() => /[a-z]/i.test(value));
  return (
    <section className="checkout-card" aria-labelledby="checkout-document-title">
      <h3 id="checkout-document-title" className="checkout-card-title">
        {t('documentTitle')}
      </h3>
      <TextField
        ref={ref}
        label={t('documentLabel')}
        hideLabel
        autoComplete="off"
        autoCapitalize="characters"
        inputMode={letters ? 'text' : 'numeric'}
        spellCheck={false}
        required={required}
        value={value}
        hint={requiredByStore ? t('documentRequiredHint') : undefined}
        error={pending ? t('documentInvalid') : null}
        onChange={(event) => {
          const normalized = normalizeDocument(event.target.value).slice(0, DOCUMENT_MAX_LENGTH);
          onChange(normalized === '' ? '' : formatDocument(normalized));
        }}
      />
      <button
        type="button"
        className="checkout-line-link"
        aria-pressed={letters}
        onClick={() => {
          setLetters((current) => !current);
          if (ref && typeof ref === 'object') ref.current?.focus();
        }}
      >
        {letters ? t('documentDigitsKeyboard') : t('documentLettersKeyboard')}
      </button>
    </section>
  );
});
