import { useId } from 'react';
import { Dialog } from '../../../shared/dialog.tsx';

export interface ConfirmAction {
  label: string;
  onClick: () => void;
  primary?: boolean;
}

/** A small modal question; the first action (Cancel) takes the focus, so Enter never deletes by accident. */
export function ConfirmDialog({
  title,
  text,
  actions,
  onClose,
}: {
  title: string;
  text: string;
  actions: readonly ConfirmAction[];
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog labelledBy={`${id}-title`} onClose={onClose} className="confirm-dialog">
      <h2 id={`${id}-title`} className="confirm-title">
        {title}
      </h2>
      <p className="confirm-text">{text}</p>
      <div className="confirm-actions">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={action.primary ? 'button button-primary' : 'button button-secondary'}
            onClick={action.onClick}
          >
            {action.label}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
