import { useEffect, useId, useRef, useState } from 'react';
import { copyText } from '../lib/copy-text.ts';
import './copy-value.css';

/** How long 'copied' stays (spec section 9: the copied notice lasts 5 s). */
const COPIED_MS = 5000;
/**
 * Beside its button a phone has room for about this many characters of the value; a longer one (an
 * e-mail or random PIX key) gets the whole width with the button under it, rather than a mid-word wrap.
 */
const STACK_AFTER_CHARS = 18;

export interface CopyValueTexts {
  /** The field's label ('Chave PIX (e-mail)', 'Código do cupom'). */
  label: string;
  copy: string;
  copied: string;
  /** Announced after a copy ('Chave copiada!'). */
  copiedNotice: string;
  /** When neither the clipboard nor the older copy command worked: copy by hand. */
  failedNotice: string;
}

/**
 * A value to copy (a store's PIX key, a coupon code): a read-only field, selectable by hand, and a
 * button that copies it; the notice lives in a status region, so a screen reader announces it.
 */
export function CopyValue({ value, texts }: { value: string; texts: CopyValueTexts }) {
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [state, setState] = useState<{ copy: 'idle' | 'copied' | 'failed'; at: number }>({
    copy: 'idle',
    at: 0,
  });

  useEffect(() => {
    if (state.copy !== 'copied') return;
    const timer = setTimeout(() => setState({ copy: 'idle', at: 0 }), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const onCopy = async () => {
    const copied = await copyText(value, field.current);
    setState({ copy: copied ? 'copied' : 'failed', at: Date.now() });
  };

  return (
    <div className="copy-value">
      <label htmlFor={fieldId} className="copy-value-label">
        {texts.label}
      </label>
      <div
        className={value.length > STACK_AFTER_CHARS ? 'copy-value-row copy-value-stacked' : 'copy-value-row'}
      >
        {/* A textarea, so a long key wraps instead of hiding its ends; out of the Tab order and of
            the dialog's first focus, since the button is how it is copied. */}
        <textarea
          ref={field}
          id={fieldId}
          className="copy-value-field"
          readOnly
          rows={1}
          tabIndex={-1}
          spellCheck={false}
          value={value}
        />
        <button type="button" className="button button-primary copy-value-button" onClick={onCopy}>
          {state.copy === 'copied' ? `✓ ${texts.copied}` : texts.copy}
        </button>
      </div>
      <p
        role="status"
        className={state.copy === 'failed' ? 'copy-value-notice copy-value-failed' : 'copy-value-notice'}
      >
        {state.copy === 'copied' ? texts.copiedNotice : state.copy === 'failed' ? texts.failedNotice : ''}
      </p>
    </div>
  );
}
