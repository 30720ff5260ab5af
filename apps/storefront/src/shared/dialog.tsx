import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
]
  .map((selector) => `${selector}:not([tabindex="-1"])`)
  .join(', ');

export interface DialogProps {
  /** id of the element that names the dialog (its heading). */
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/** Focus is on an element outside the dialog (not inside it, and not nowhere, on the body). */
function hasFocusOutside(dialog: HTMLElement): boolean {
  const active = document.activeElement;
  return active !== null && active !== document.body && !dialog.contains(active);
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Tab stays inside, Escape and a
 * click on the backdrop close it, and focus goes back to what was focused before it opened, unless
 * the person has put it elsewhere since.
 * Rendered means open; the owner unmounts it to close.
 */
export function Dialog({ labelledBy, onClose, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    const first = dialog.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog).focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      // Asked before close(), which moves focus out of the dialog. The clean-up runs after the
      // render that removed the dialog, so a tap in that gap may have focused a field: it keeps it.
      const focusWasLeftInDialog = !hasFocusOutside(dialog);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (focusWasLeftInDialog && previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => !element.hidden && element.getAttribute('aria-hidden') !== 'true',
    );
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-modal="true"
      className={className ? `dialog ${className}` : 'dialog'}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}
