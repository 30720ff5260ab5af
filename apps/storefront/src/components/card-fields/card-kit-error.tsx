import type { CardT } from './card-texts.ts';

/** Spec section 8 "Card SDK failure": 'Erro ao abrir ...' naming the kit, then the details. */
export function CardKitError({
  kit,
  detail,
  onRetry,
  t,
}: {
  kit: string;
  detail: string;
  onRetry: () => void;
  t: CardT;
}) {
  return (
    <div className="card-panel card-kit-error" role="alert">
      <p>{t('cardKitError', { kit })}</p>
      <p className="card-muted">{t('cardKitDetails', { detail })}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t('cardTryAgain')}
      </button>
    </div>
  );
}
