import { useEffect, useId, useRef, useState } from 'react';
import { copyText } from '../../lib/copy-text.ts';
import { PIX_COPIED_MS } from './countdown.ts';
import type { PixT } from './pix-texts.ts';
import './pix.css';

/**
 * The copy-and-paste BR Code: a read-only field (selectable by hand) and a button that copies it.
 * The notice lives in a status region, so a screen reader announces 'Código copiado!'; it goes
 * after 5 s (spec section 9), counted again from each copy.
 */
export function PixCopyKey({ code, t }: { code: string; t: PixT }) {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<{ state: 'idle' | 'copied' | 'failed'; at: number }>({
    state: 'idle',
    at: 0,
  });

  useEffect(() => {
    if (copy.state !== 'copied') return;
    const timer = setTimeout(() => setCopy({ state: 'idle', at: 0 }), PIX_COPIED_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const onCopy = async () => {
    const copied = await copyText(code, field.current);
    setCopy({ state: copied ? 'copied' : 'failed', at: Date.now() });
  };

  return (
    <div className="pix-copy">
      <label htmlFor={fieldId} className="pix-copy-label">
        {t('pixCopyLabel')}
      </label>
      <input
        ref={field}
        id={fieldId}
        className="pix-copy-field"
        readOnly
        value={code}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button type="button" className="button button-primary pix-copy-button" onClick={onCopy}>
        {copy.state === 'copied' ? `✓ ${t('pixCopied')}` : t('pixCopy')}
      </button>
      <p
        role="status"
        className={copy.state === 'failed' ? 'pix-copy-notice pix-copy-failed' : 'pix-copy-notice'}
      >
        {copy.state === 'copied' ? t('pixCopiedNotice') : copy.state === 'failed' ? t('pixCopyFailed') : ''}
      </p>
    </div>
  );
}
