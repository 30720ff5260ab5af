import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useCustomer } from '../../../lib/customer.ts';
import { showFlash } from '../../../lib/flash.ts';
import { useCompany, useNeighbourhoods } from '../../../lib/start-data.ts';
import { useAddressT } from '../address-texts.ts';
import { chooseMapsProvider } from '../maps/google-maps.ts';
import { safeReturnPath } from '../model/wizard-rules.ts';
import { AddressWizard } from './address-wizard.tsx';
import { OlderAddressForm } from './older-address-form.tsx';
import '../../../shared/form.css';
import '../addresses.css';

/**
 * /addresses/new: the wizard (Google Maps when the store has a key, else the server's stand-in), and for stores that charge by
 * neighbourhood the older form as 'Preencher manualmente'. `?return=/confirmation` goes back there
 * after saving, else to /addresses.
 */
export default function NewAddressScreen() {
  const t = useAddressT();
  const [, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const returnTo = safeReturnPath(params.get('return'));
  const { user } = useCustomer();
  const { data: company } = useCompany();
  const { data: neighbourhoods } = useNeighbourhoods();
  const byNeighbourhood = company?.delivery_fee_type === 'neighbourhood';
  const mapsKey = company?.google_maps_key ?? null;
  const mapsViewport = company?.google_maps_viewport ?? null;
  const maps = useMemo(
    () => chooseMapsProvider({ google_maps_key: mapsKey, google_maps_viewport: mapsViewport }),
    [mapsKey, mapsViewport],
  );
  const [manual, setManual] = useState(params.get('manual') === '1');

  // Spec section 8 "Address save": a success message, over the screen the customer came from.
  const done = () => {
    showFlash(t('saved'));
    navigate(returnTo ?? '/addresses');
  };
  const back = () => navigate(returnTo ? `/addresses?return=${encodeURIComponent(returnTo)}` : '/addresses');

  if (!user) return <p className="account-text">{t('loading')}</p>;

  return (
    <div className="account-screen">
      {manual && byNeighbourhood ? (
        <OlderAddressForm
          user={user}
          neighbourhoods={neighbourhoods ?? []}
          onSaved={done}
          onSearch={() => setManual(false)}
        />
      ) : (
        <AddressWizard
          user={user}
          maps={maps}
          fallbackPosition={
            company?.latitude != null && company.longitude != null
              ? { lat: company.latitude, lng: company.longitude }
              : null
          }
          onSaved={done}
          onClose={back}
          onManual={byNeighbourhood ? () => setManual(true) : undefined}
        />
      )}
    </div>
  );
}
