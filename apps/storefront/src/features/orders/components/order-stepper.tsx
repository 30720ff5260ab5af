import { stepperOf } from '../model/order-view.ts';
import { useOrdersT } from '../orders-texts.ts';

const STEP_TEXT = {
  received: 'stepReceived',
  accepted: 'stepAccepted',
  preparing: 'stepPreparing',
  ready: 'stepReady',
  delivered: 'stepDelivered',
} as const;

/**
 * The five-step progress of spec section 2 as an ordered list: steps up to and including the
 * active one are completed, the active one has aria-current="step". A cancelled order shows its
 * cancelled state instead.
 */
export function OrderStepper({
  status,
  reason,
  outForDelivery = false,
}: {
  status: string;
  reason?: string | null;
  /** The route left (issue 35): the 'ready' step reads 'Saiu para entrega'. */
  outForDelivery?: boolean;
}) {
  const t = useOrdersT();
  const steps = stepperOf(status);
  if (!steps) {
    return (
      <div className="order-canceled" role="status">
        <p className="order-canceled-title">{t('canceledTitle')}</p>
        {reason ? <p className="order-canceled-reason">{t('canceledReason', { reason })}</p> : null}
      </div>
    );
  }
  return (
    <ol className="order-stepper" aria-label={t('progress')} data-testid="order-stepper">
      {steps.map((step) => (
        <li
          key={step.name}
          className={`order-step order-step-${step.state}`}
          data-state={step.state}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="order-step-dot" aria-hidden="true">
            {step.state === 'upcoming' ? '' : '✓'}
          </span>
          <span className="order-step-label">
            {t(step.name === 'ready' && outForDelivery ? 'stepOutForDelivery' : STEP_TEXT[step.name])}
          </span>
          {step.state === 'completed' ? <span className="sr-only"> ({t('stepDone')})</span> : null}
        </li>
      ))}
    </ol>
  );
}
