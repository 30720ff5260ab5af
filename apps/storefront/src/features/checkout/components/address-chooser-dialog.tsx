import type { CustomerAddress } from '@comanda/contract';
import { useId } from 'react';
import { Link } from 'wouter';
import { isSelectableAddress } from '../../../lib/default-address.ts';
import { Dialog } from '../../../shared/dialog.tsx';
import type { CheckoutT } from '../checkout-texts.ts';

interface DialogProps {
  onClose: () => void;
  t: CheckoutT;
}

/** The address chooser: every address listed, only deliverable ones selectable. */
export function AddressChooserDialog({
  addresses,
  selectedId,
  onChoose,
  onClose,
  t,
}: DialogProps & {
  addresses: readonly CustomerAddress[];
  selectedId: number | null;
  onChoose: (id: number) => void;
}) {
  const titleId = useId();
  const listed = addresses.filter((address) => !address.excluido);
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <h2 id={titleId} className="checkout-dialog-title">
        {t('addressChooserTitle')}
      </h2>
      {listed.length === 0 ? <p>{t('noAddresses')}</p> : null}
      <ul className="checkout-choices" aria-labelledby={titleId}>
        {listed.map((address) => {
          const usable = isSelectableAddress(address);
          const noteId = `address-note-${address.id}`;
          return (
            <li key={address.id}>
              <button
                type="button"
                className="checkout-choice"
                aria-pressed={address.id === selectedId}
                disabled={!usable}
                aria-describedby={usable ? undefined : noteId}
                onClick={() => onChoose(address.id)}
              >
                <span className="checkout-choice-name">{address.name}</span>
                <span className="checkout-choice-detail">{address.full_address}</span>
              </button>
              {usable ? null : (
                <p id={noteId} className="checkout-note-warning">
                  {t('addressNotDeliverable')}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {/* Back here after adding one: the new address comes back chosen (lib/default-address.ts). */}
      {listed.length === 0 ? (
        // Nothing to choose: adding one is the way on, straight into the wizard.
        <div className="checkout-dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('close')}
          </button>
          <Link href="/addresses/new?return=%2Fconfirmation" className="button button-primary">
            {t('addAddress')}
          </Link>
        </div>
      ) : (
        <div className="checkout-dialog-actions">
          <Link href="/addresses?return=%2Fconfirmation" className="button button-secondary">
            {t('manageAddresses')}
          </Link>
          <button type="button" className="button button-primary" onClick={onClose}>
            {t('close')}
          </button>
        </div>
      )}
    </Dialog>
  );
}
