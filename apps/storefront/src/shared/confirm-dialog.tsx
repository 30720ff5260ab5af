import { type ReactNode, useId } from 'react';
import { Dialog } from './dialog.tsx';
import './form.css';

export type ConfirmState = 'ask' | 'sending' | 'error';

export interface ConfirmDialogProps {
  title: string;
  question: ReactNode;
  /** ask, then sending; a failure shows `errorText` and the confirm button tries again. */
  state: ConfirmState;
  errorText: string;
  labels: { cancel: string; confirm: string; sending: string; retry: string };
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Spec section 5 "Deletion": a deletion asks first. One dialog for every such question (an address,
 * a card): cancel or confirm, busy while it goes, and a failure offers to try again.
 */
export function ConfirmDialog({
  title,
  question,
  state,
  errorText,
  labels,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const sending = state === 'sending';
  return (
    <Dialog labelledBy={titleId} className="alert-dialog" onClose={() => !sending && onCancel()}>
      <h2 id={titleId} className="alert-dialog-title">
        {title}
      </h2>
      <p className="alert-dialog-message" role={state === 'error' ? 'alert' : undefined}>
        {state === 'error' ? errorText : question}
      </p>
      <div className="alert-dialog-actions">
        <button type="button" className="button button-secondary" disabled={sending} onClick={onCancel}>
          {labels.cancel}
        </button>
        <button
          type="button"
          className="button button-primary"
          aria-busy={sending}
          disabled={sending}
          onClick={onConfirm}
        >
          {state === 'error' ? labels.retry : sending ? labels.sending : labels.confirm}
        </button>
      </div>
    </Dialog>
  );
}
