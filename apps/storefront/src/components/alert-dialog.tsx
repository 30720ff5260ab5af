import { type ReactNode, useId } from 'react';
import { Dialog } from '../shared/dialog.tsx';
import '../shared/form.css';

export interface AlertDialogProps {
  title: string;
  message: ReactNode;
  /** The one button ('Entendi' / 'Got it'). */
  buttonLabel: string;
  onClose: () => void;
}

/**
 * A modal message with one button (sign-in refused, a problem the server described). Focus goes to
 * the button, which the message describes, so a screen reader reads both.
 */
export function AlertDialog({ title, message, buttonLabel, onClose }: AlertDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="alert-dialog">
      <h2 id={titleId} className="alert-dialog-title">
        {title}
      </h2>
      <p id={messageId} className="alert-dialog-message">
        {message}
      </p>
      <div className="alert-dialog-actions">
        <button
          type="button"
          className="button button-primary"
          aria-describedby={messageId}
          onClick={onClose}
        >
          {buttonLabel}
        </button>
      </div>
    </Dialog>
  );
}
