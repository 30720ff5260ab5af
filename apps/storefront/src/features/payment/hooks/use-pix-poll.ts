import type { CheckConfirmationReply } from '@comanda/contract';
import { useEffect, useRef } from 'react';
import { PIX_POLL_MS } from '../../../components/pix/countdown.ts';
import { checkConfirmation } from '../api/check-confirmation.ts';

/**
 * Spec section 4 "PIX": while the code is shown, asks every 3 s whether it was paid (at once on
 * arrival too: after a reload or a trip to the bank's app it may be paid already). A failed call is
 * ignored (spec section 8 "PIX poll"); the first reply with polling false stops the poll and goes
 * to `onStop`. One call at a time: the next waits for the previous reply.
 */
export function usePixPoll(
  intentId: string,
  active: boolean,
  onStop: (reply: CheckConfirmationReply) => void,
): void {
  const onStopRef = useRef(onStop);
  onStopRef.current = onStop;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const reply = await checkConfirmation(intentId);
      if (stopped) return;
      if (reply && !reply.data.polling) {
        onStopRef.current(reply);
        return;
      }
      timer = setTimeout(poll, PIX_POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [intentId, active]);
}
